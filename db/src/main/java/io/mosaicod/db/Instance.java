package io.mosaicod.db;

import java.time.Instant;

/** A registered process. */
public record Instance(long id, InstanceKind kind, String host, long pid, Instant startedAt,
                       Instant lastHeartbeatAt, boolean oneShot) {
}
