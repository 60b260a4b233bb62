package io.mosaicod.db;

import java.time.Instant;

/** A running cleanup pass and the lease that keeps other passes out. */
public record CleanupPass(long runId, long instanceId, String token, Instant startedAt, Instant expiresAt) {
}
