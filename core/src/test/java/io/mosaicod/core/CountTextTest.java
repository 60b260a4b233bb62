package io.mosaicod.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class CountTextTest {
    @Test
    void oneTakesTheSingularAndEveryOtherCountThePlural() {
        assertThat(CountText.of(1, "chunk")).isEqualTo("1 chunk");
        assertThat(CountText.of(0, "chunk")).isEqualTo("0 chunks");
        assertThat(CountText.of(3, "sequence")).isEqualTo("3 sequences");
        assertThat(CountText.of(2, "batch", "batches")).isEqualTo("2 batches");
    }
}
