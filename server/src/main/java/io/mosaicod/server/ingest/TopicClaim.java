package io.mosaicod.server.ingest;

import io.mosaicod.core.ClientText;
import io.mosaicod.db.ChunksAdded;
import io.mosaicod.db.ConcurrentDeletionException;
import io.mosaicod.db.Topic;
import io.mosaicod.db.UploadClaim;
import io.mosaicod.db.UploadClaims;
import io.mosaicod.server.protocol.ProtocolException;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One upload's claim on its topic ({@link UploadClaims}): taken before the upload writes anything, renewed on a
 * timer and with every chunk while it runs, ended with it. The repository lets a claim expire once its holder
 * has not renewed it for its duration (this server died, or cannot reach the repository), and another server may
 * then claim the topic. So that an upload whose claim may have expired never writes an object another upload
 * may write too, every object write is preceded by {@link #requireHeld()}: unless the claim was confirmed held
 * recently (the timer keeps that true while all is well), it is renewed first, and a claim found lost stops the
 * upload. Chunk rows (see {@link GroupCommit}) and the completion are recorded under the claim's token, so the repository refuses them
 * from a holder that lost it.
 */
final class TopicClaim {
    private static final Logger LOG = LoggerFactory.getLogger(TopicClaim.class);

    private final UploadClaims claims;
    private final UploadClaim claim;
    private final String locator;
    private final long confirmedWithinNanos;
    /** When the last renewal that succeeded was asked for (System.nanoTime): the claim lasts from then on. */
    private final AtomicLong confirmedAtNanos;
    private volatile ScheduledFuture<?> renewals;
    /** Set before the upload ends the claim itself: a renewal still under way then may find it ended. */
    private volatile boolean ending;
    private volatile boolean lost;
    private boolean ended;

    private TopicClaim(UploadClaims claims, UploadClaim claim, String locator, ClaimTerms terms, long askedAtNanos) {
        this.claims = claims;
        this.claim = claim;
        this.locator = locator;
        this.confirmedWithinNanos = terms.confirmedWithin().toNanos();
        this.confirmedAtNanos = new AtomicLong(askedAtNanos);
    }

    /**
     * Claims the topic and starts renewing the claim on {@code timer}; empty if the repository refused: another
     * upload holds the topic, or the topic's state forbids an upload (the caller reads it to say which).
     */
    static Optional<TopicClaim> take(UploadClaims claims, Topic topic, ClaimTerms terms,
                                     ScheduledExecutorService timer) {
        long askedAt = System.nanoTime();
        return claims.claim(topic.id(), terms.duration()).map(granted -> {
            TopicClaim held = new TopicClaim(claims, granted, topic.locator(), terms, askedAt);
            long every = terms.renewalInterval().toNanos();
            held.renewals = timer.scheduleWithFixedDelay(held::renewOnTimer, every, every, TimeUnit.NANOSECONDS);
            return held;
        });
    }

    /**
     * Call right before writing an object: returns once the claim is known to be held, renewing it first unless
     * it was confirmed within the terms' {@code confirmedWithin}.
     *
     * @throws ProtocolException FAILED_PRECONDITION if the claim was lost
     */
    void requireHeld() {
        if (lost) {
            throw lostClaim();
        }
        if (System.nanoTime() - confirmedAtNanos.get() > confirmedWithinNanos) {
            long askedAt = System.nanoTime();
            if (!claims.renew(claim)) {
                lost = true;
                throw lostClaim();
            }
            confirmed(askedAt);
        }
    }

    /** The repository's claim, under which the {@link GroupCommit} records the upload's chunks. */
    UploadClaim held() {
        return claim;
    }

    /**
     * Takes in what the repository did with chunks recorded under the claim, which it renewed if held.
     *
     * @param askedAtNanos when the recording transaction began
     * @throws ProtocolException           FAILED_PRECONDITION if the claim was lost
     * @throws ConcurrentDeletionException if the topic was deleted
     */
    void recorded(ChunksAdded.Outcome outcome, long askedAtNanos) {
        switch (outcome) {
            case ADDED -> confirmed(askedAtNanos);
            case CLAIM_LOST -> {
                lost = true;
                throw lostClaim();
            }
            case TOPIC_DELETED -> throw new ConcurrentDeletionException("cannot add chunks to topic `"
                    + ClientText.quote(locator) + "`: it was deleted meanwhile", null);
        }
    }

    /** Marks the upload complete, which ends the claim. */
    void complete() {
        stopRenewals();
        if (!claims.complete(claim)) {
            lost = true;
            throw lostClaim();
        }
        ended = true;
    }

    /**
     * Ends the claim of an upload that failed or was cancelled, so the topic may be uploaded again at once if it
     * holds no chunk. If the repository cannot be told, the claim expires by itself.
     */
    void release() {
        stopRenewals();
        if (ended) {
            return;
        }
        ended = true;
        try {
            claims.release(claim);
        } catch (RuntimeException e) {
            LOG.debug("could not release the upload claim on topic {}; it expires by itself: {}", locator,
                    e.getMessage());
        }
    }

    private void renewOnTimer() {
        if (lost) {
            return;
        }
        long askedAt = System.nanoTime();
        try {
            if (claims.renew(claim)) {
                confirmed(askedAt);
            } else if (!ending) {
                lost = true;
                LOG.warn("the upload of topic {} lost its claim on the topic: it expired while this server could not"
                        + " renew it; the upload stops at its next write", locator);
            }
        } catch (ConcurrentDeletionException deleted) {
            // nothing left to renew; the upload learns it at its next write (NOT_FOUND)
            stopRenewals();
        } catch (RuntimeException e) {
            // an outage is logged once by the repository; the next write renews the claim itself or fails
            LOG.debug("renewing the upload claim on topic {} failed: {}", locator, e.getMessage());
        }
    }

    private void confirmed(long askedAtNanos) {
        confirmedAtNanos.accumulateAndGet(askedAtNanos, Math::max);
    }

    private void stopRenewals() {
        ending = true;
        renewals.cancel(false);
    }

    private ProtocolException lostClaim() {
        return ProtocolException.failedPrecondition("Topic `" + ClientText.quote(locator)
                + "` is no longer claimed by this upload: "
                + "its claim expired while the server could not renew it, and another upload may hold the topic now.");
    }
}
