package io.mosaicod.db;

import java.time.Instant;

/**
 * The right to optimize one topic, held by one instance until {@code expiresAt} (database clock) unless
 * renewed. {@code token} identifies this acquisition; {@code freshFolder} is where the rewrite writes.
 * {@code attempt} counts acquisitions of the topic since it was queued (> 1 after a reclaimed lease).
 */
public record Lease(Topic topic, long instanceId, String token, String freshFolder, Instant acquiredAt,
                    Instant expiresAt, int attempt) {
}
