package io.mosaicod.db.memory;

import java.time.Instant;

/** The lease that lets one cleanup pass run at a time. */
record RoutineLease(long owner, String token, Instant expiresAt) {
}
