package io.mosaicod.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class ReversedLocatorTest {

    @Test
    void reversesByCodePointKeepingSurrogatePairsWhole() {
        assertThat(ReversedLocator.of("run_1/imu_0002")).isEqualTo("2000_umi/1_nur");
        assertThat(ReversedLocator.of("a😀é")).isEqualTo("é😀a");
    }

    @Test
    void aPrefixEndsWhereItsLastCodePointIsOneHigher() {
        assertThat(ReversedLocator.prefixEnd("2000_")).contains("2000`");
        assertThat(ReversedLocator.prefixEnd("x😀")).contains("x😁");
        // U+D7FF is followed by U+E000 in code-point order: the surrogates are not characters
        assertThat(ReversedLocator.prefixEnd("x\uD7FF")).contains("x\uE000");
        assertThat(ReversedLocator.prefixEnd("x" + new String(Character.toChars(Character.MAX_CODE_POINT)))).isEmpty();
    }
}
