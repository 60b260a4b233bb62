package io.mosaicod.db;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The store optimizer's shared work queue (DESIGN.md §6.1, §6.3). A queued topic is leased to one
 * instance at a time under a token unique to that acquisition; every state change that publishes work is
 * fenced by that token and by the lease not having expired, judged by the database clock.
 */
public interface OptimizationQueue {
    /** For callers that never give up on a topic (tests of other behaviour): no failure count stops it. */
    int NO_ATTEMPT_LIMIT = Integer.MAX_VALUE;

    /**
     * Frees every lease whose expiry has passed (its holder crashed or lost the database). The topic stays
     * queued; the fresh folder allocated for it is forgotten, so the cleanup may later delete it.
     *
     * @return how many leases were reclaimed
     */
    int reclaimExpiredLeases();

    /**
     * Queues every topic in {@code scope} whose upload is complete, which is not optimized yet, not already
     * queued, and has not given up: fewer than {@code maxAttempts} failed attempts since its failures were last
     * cleared ({@link FailingTopic}). Idempotent, and safe to run from several instances at once. A failed attempt
     * drops the topic from the queue, so a topic that has given up is never queued, hence never acquired.
     *
     * @return how many topics were added
     */
    int enqueueCompleteUnoptimizedTopics(TopicScope scope, int maxAttempts);

    /** Every topic, never giving up on one. */
    default int enqueueCompleteUnoptimizedTopics() {
        return enqueueCompleteUnoptimizedTopics(TopicScope.ALL, NO_ATTEMPT_LIMIT);
    }

    /**
     * Leases the oldest queued topic in {@code scope} whose lease is free or expired to {@code instanceId}: a fresh
     * token, expiry at database-now + {@code leaseDuration}, a fresh folder {@code tp_<ULID>}, attempts + 1, all
     * in one transaction. Topics leased by others are skipped, never waited for.
     */
    Optional<Lease> acquire(long instanceId, Duration leaseDuration, TopicScope scope);

    /** Any queued topic. */
    default Optional<Lease> acquire(long instanceId, Duration leaseDuration) {
        return acquire(instanceId, leaseDuration, TopicScope.ALL);
    }

    /**
     * Extends the lease to database-now + {@code leaseDuration}.
     *
     * @return false once the lease is no longer held: its token was replaced, or it had expired
     */
    boolean renew(Lease lease, Duration leaseDuration);

    /**
     * Drops the topic from the queue if this lease still holds it (expired or not); a later
     * {@link #enqueueCompleteUnoptimizedTopics()} queues it again.
     *
     * @return false if the token no longer matches
     */
    boolean release(Lease lease);

    /**
     * Publishes an optimization, fenced: only if the queue row still has this token and has not expired,
     * in one transaction, replaces the topic's chunks (and their statistics) with {@code newChunks}, switches
     * its folder to the lease's fresh folder, sets its optimized time, dequeues it and records the run.
     *
     * @return false, having changed nothing, if the lease was lost
     */
    boolean commitOptimization(Lease lease, List<NewChunk> newChunks, RunReport report);

    /**
     * Like {@link #commitOptimization} for a topic whose chunks need no rewrite: marks it optimized without
     * touching its chunks or folder, dequeues it, records the run. Fenced the same way.
     */
    boolean markAlreadyOptimal(Lease lease, RunReport report);

    /**
     * Records a run that did not publish anything (failed, interrupted, lease lost) and, in the same
     * transaction, releases the lease if it is still held. Nothing is recorded if the topic was deleted.
     */
    void recordUnpublishedRun(Lease lease, RunReport report);

    /**
     * Topics in {@code scope}, not optimized, with at least {@code minFailedAttempts} (>= 1) failed attempts since
     * their failures were last cleared, by locator. With {@code minFailedAttempts} = the maximum attempts: the
     * topics the optimizer has given up on.
     */
    List<FailingTopic> failingTopics(TopicScope scope, int minFailedAttempts);

    /**
     * Clears the failures of the topics in {@code scope} that have given up ({@code maxAttempts} failed attempts or
     * more), so that the next enqueue takes them again; their history stays.
     *
     * @return the topics re-enabled, as they were before
     */
    List<FailingTopic> retryGivenUp(TopicScope scope, int maxAttempts);

    /**
     * Queue state for {@code ps}: queued topics, topics the next pass will queue, current leases, failures since
     * {@code failuresSince} ago, and topics given up after {@code maxAttempts} failed attempts.
     */
    QueueOverview overview(Duration failuresSince, int maxAttempts);

    /** The overview of a queue that never gives up on a topic. */
    default QueueOverview overview(Duration failuresSince) {
        return overview(failuresSince, NO_ATTEMPT_LIMIT);
    }

    /** A topic's optimization runs, newest first. */
    List<OptimizationRun> runsOf(long topicId);
}
