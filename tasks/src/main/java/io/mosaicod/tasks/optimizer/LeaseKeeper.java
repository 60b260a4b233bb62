package io.mosaicod.tasks.optimizer;

import io.mosaicod.db.Lease;
import io.mosaicod.db.OptimizationQueue;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Renews one lease every third of its duration while the topic is rewritten, and tells the rewrite when
 * the lease is gone so it stops early. The commit is fenced by the lease token in the database anyway;
 * this only avoids wasting work — and it also gives up when renewals keep failing for a whole lease
 * duration (e.g. the database is unreachable), because then another instance may already hold the topic.
 */
final class LeaseKeeper implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LeaseKeeper.class);

    private final OptimizationQueue queue;
    private final Lease lease;
    private final Duration duration;
    private final ScheduledFuture<?> renewals;
    private volatile long lastRenewedNanos;
    private volatile String lostBecause;
    private volatile boolean stopped;

    LeaseKeeper(OptimizationQueue queue, Lease lease, Duration duration, ScheduledExecutorService scheduler) {
        this.queue = queue;
        this.lease = lease;
        this.duration = duration;
        this.lastRenewedNanos = System.nanoTime();
        long period = Math.max(1, duration.toMillis() / 3);
        this.renewals = scheduler.scheduleAtFixedRate(this::renew, period, period, TimeUnit.MILLISECONDS);
    }

    private void renew() {
        if (lostBecause != null || stopped) {
            return;
        }
        try {
            if (queue.renew(lease, duration)) {
                lastRenewedNanos = System.nanoTime();
                LOG.debug("renewed the lease on {}", lease.topic().locator());
            } else if (!stopped) { // after a stop, the commit may have dequeued the topic: no loss
                lose("the lease was taken over or expired");
            }
        } catch (RuntimeException e) {
            if (stopped) {
                return;
            }
            LOG.warn("could not renew the lease on {}: {}", lease.topic().locator(), e.getMessage());
            if (System.nanoTime() - lastRenewedNanos > duration.toNanos()) {
                lose("the lease could not be renewed for " + duration.toSeconds() + " s: " + e.getMessage());
            }
        }
    }

    private void lose(String reason) {
        lostBecause = reason;
        renewals.cancel(false);
        LOG.warn("lost the lease on {}: {}", lease.topic().locator(), reason);
    }

    /** Throws {@link LeaseLostException} once the lease is known to be lost. */
    void ensureHeld() {
        String reason = lostBecause;
        if (reason != null) {
            throw new LeaseLostException(lease.topic().locator(), reason);
        }
    }

    /**
     * Stops renewing, right before the commit: the commit is fenced by the token in the database anyway, and
     * a renewal still in flight that lands after it finds the queue row gone, which must not read as a loss.
     */
    void stopRenewing() {
        stopped = true;
        renewals.cancel(false);
    }

    @Override
    public void close() {
        stopRenewing();
    }
}
