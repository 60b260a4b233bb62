package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.Instance;
import io.mosaicod.db.InstanceKind;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class InstanceStatusTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private static InstanceStatus silentFor(Duration silence) {
        Instant heartbeat = NOW.minus(silence);
        return InstanceStatus.of(new Instance(1, InstanceKind.SERVER, "h", 1, heartbeat.minusSeconds(5), heartbeat,
                false), NOW);
    }

    @Test
    void aliveBelow90SecondsOfSilenceStaleBelow300DeadFromThen() {
        assertThat(silentFor(Duration.ZERO)).isEqualTo(InstanceStatus.ALIVE);
        assertThat(silentFor(Duration.ofMillis(89_999))).isEqualTo(InstanceStatus.ALIVE);
        assertThat(silentFor(Duration.ofSeconds(90))).isEqualTo(InstanceStatus.STALE);
        assertThat(silentFor(Duration.ofMillis(299_999))).isEqualTo(InstanceStatus.STALE);
        assertThat(silentFor(Duration.ofSeconds(300))).isEqualTo(InstanceStatus.DEAD);
        assertThat(silentFor(Duration.ofDays(3))).isEqualTo(InstanceStatus.DEAD);
    }

    @Test
    void aHeartbeatAheadOfTheDatabaseClockCountsAsAlive() {
        assertThat(silentFor(Duration.ofSeconds(-2))).isEqualTo(InstanceStatus.ALIVE);
    }
}
