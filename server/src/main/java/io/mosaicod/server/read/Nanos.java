package io.mosaicod.server.read;

import java.time.Instant;

/** Instants as the protocol's {@code *_at_ns} fields: nanoseconds since the epoch. */
final class Nanos {
    private Nanos() {
    }

    static long of(Instant instant) {
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
    }
}
