package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class TimeTextTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00.700Z");

    @Test
    void spansShowTheTwoLargestUnits() {
        assertThat(TimeText.span(Duration.ofMillis(999))).isEqualTo("0s");
        assertThat(TimeText.span(Duration.ofSeconds(59))).isEqualTo("59s");
        assertThat(TimeText.span(Duration.ofSeconds(185))).isEqualTo("3m 05s");
        assertThat(TimeText.span(Duration.ofSeconds(7380))).isEqualTo("2h 03m");
        assertThat(TimeText.span(Duration.ofHours(97))).isEqualTo("4d 01h");
        assertThat(TimeText.span(Duration.ofSeconds(-5))).isEqualTo("0s");
    }

    @Test
    void relativeTimesLookBackOrAheadAndVerboseAddsTheAbsoluteUtcTime() {
        TimeText brief = new TimeText(NOW, false);
        TimeText verbose = new TimeText(NOW, true);

        assertThat(brief.relative(NOW.minusSeconds(12))).isEqualTo("12s ago");
        assertThat(brief.relative(NOW.plusSeconds(40))).isEqualTo("in 40s");
        assertThat(verbose.relative(NOW.minusSeconds(12))).isEqualTo("12s ago (2026-03-01T11:59:48Z)");
        assertThat(brief.elapsedSince(NOW.minus(Duration.ofMinutes(61)))).isEqualTo("1h 01m");
    }
}
