package io.mosaicod.db.memory;

import io.mosaicod.db.Lease;
import java.time.Instant;

/** A queued topic; the lease fields are set while an instance holds it. */
final class QueueEntry {
    final long topicId;
    final Instant enqueuedAt;
    int attempts;
    long leaseOwner;
    String leaseToken;
    String freshFolder;
    Instant leasedAt;
    Instant leaseExpiresAt;

    QueueEntry(long topicId, Instant enqueuedAt) {
        this.topicId = topicId;
        this.enqueuedAt = enqueuedAt;
    }

    boolean isLeased() {
        return leaseToken != null;
    }

    /** Nobody holds it, or its holder's lease expired (an expiry equal to now has passed, as in SQL). */
    boolean isFree(Instant now) {
        return !isLeased() || !leaseExpiresAt.isAfter(now);
    }

    boolean isHeldBy(Lease lease) {
        return lease.token().equals(leaseToken);
    }

    /** The fence every publishing write passes: the token still matches and the lease has not expired. */
    boolean isHeldUnexpiredBy(Lease lease, Instant now) {
        return isHeldBy(lease) && leaseExpiresAt.isAfter(now);
    }

    void freeLease() {
        leaseToken = null;
        freshFolder = null;
        leasedAt = null;
        leaseExpiresAt = null;
    }
}
