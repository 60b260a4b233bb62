package io.mosaicod.cli;

import io.mosaicod.db.Instance;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * Liveness of a registered instance (DESIGN.md §8), judged from its last heartbeat against the database
 * clock. Heartbeats come every 30 s: alive tolerates two missed ones; stale means probably hung or cut off;
 * dead means gone without deregistering (killed, crashed, machine lost).
 */
enum InstanceStatus {
    ALIVE, STALE, DEAD;

    static final Duration ALIVE_WITHIN = Duration.ofSeconds(90);
    static final Duration STALE_WITHIN = Duration.ofSeconds(300);

    static InstanceStatus of(Instance instance, Instant now) {
        Duration silence = Duration.between(instance.lastHeartbeatAt(), now);
        if (silence.compareTo(ALIVE_WITHIN) < 0) {
            return ALIVE;
        }
        return silence.compareTo(STALE_WITHIN) < 0 ? STALE : DEAD;
    }

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
