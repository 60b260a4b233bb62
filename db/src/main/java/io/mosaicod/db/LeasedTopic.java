package io.mosaicod.db;

import java.time.Instant;

/** A queued topic currently leased (its lease may have expired without being reclaimed yet). */
public record LeasedTopic(long topicId, String topicLocator, long instanceId, Instant leasedAt, Instant expiresAt,
                          int attempts) {
}
