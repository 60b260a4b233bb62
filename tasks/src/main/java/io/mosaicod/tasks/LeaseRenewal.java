package io.mosaicod.tasks;

import io.mosaicod.core.Availability;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Renews a lease in the repository every third of its duration, on a timer thread, while long work runs
 * under it (an optimizer's topic, a cleanup's pass). Once the lease is known to be lost — the repository
 * says it is no longer held, or no renewal succeeded for a whole lease duration (renewals failing because the
 * database is unreachable, or one that has not returned, so another instance may hold it by now) —
 * {@link #lost()} says why and renewals stop; the
 * work must stop at its next safe point. Publishing is fenced in the repository anyway: this only stops
 * wasted work early.
 */
public final class LeaseRenewal implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LeaseRenewal.class);

    /** One renewal in the repository. */
    @FunctionalInterface
    public interface Renewer {
        /** @return false once the lease is no longer held (taken over, or expired) */
        boolean renew();
    }

    private final String lease;
    private final Renewer renewer;
    private final Duration duration;
    private final LongSupplier nanoTime;
    private final Runnable onLost;
    private final ScheduledFuture<?> renewals;
    private volatile long lastRenewedNanos;
    private final AtomicReference<String> lostBecause = new AtomicReference<>();
    private volatile boolean stopped;

    /** @param lease names the lease in logs, e.g. {@code the lease on run_1/imu} */
    public LeaseRenewal(String lease, Renewer renewer, Duration duration, ScheduledExecutorService scheduler) {
        this(lease, renewer, duration, scheduler, () -> {
        });
    }

    /** @param onLost runs once when the lease is found lost (e.g. to count it) */
    public LeaseRenewal(String lease, Renewer renewer, Duration duration, ScheduledExecutorService scheduler,
                        Runnable onLost) {
        this(lease, renewer, duration, scheduler, onLost, System::nanoTime);
    }

    /**
     * @param nanoTime the monotonic clock that measures how long renewals have kept failing: a test advances
     *                 its own instead of waiting on a loaded machine for a lease to run out
     */
    LeaseRenewal(String lease, Renewer renewer, Duration duration, ScheduledExecutorService scheduler,
                 LongSupplier nanoTime) {
        this(lease, renewer, duration, scheduler, () -> {
        }, nanoTime);
    }

    private LeaseRenewal(String lease, Renewer renewer, Duration duration, ScheduledExecutorService scheduler,
                         Runnable onLost, LongSupplier nanoTime) {
        this.lease = lease;
        this.onLost = onLost;
        this.renewer = renewer;
        this.duration = duration;
        this.nanoTime = nanoTime;
        this.lastRenewedNanos = nanoTime.getAsLong();
        long period = Math.max(1, duration.toMillis() / 3);
        this.renewals = scheduler.scheduleAtFixedRate(this::renew, period, period, TimeUnit.MILLISECONDS);
    }

    /** One renewal attempt: what the scheduler runs every third of the lease (a test may run it itself). */
    void renew() {
        if (lostBecause.get() != null || stopped) {
            return;
        }
        try {
            if (renewer.renew()) {
                lastRenewedNanos = nanoTime.getAsLong();
                LOG.debug("renewed {}", lease);
            } else if (!stopped) { // after a stop, the commit may have ended the lease: that is no loss
                lose("taken over by another instance, or expired");
            }
        } catch (RuntimeException e) {
            if (stopped) {
                return;
            }
            (Availability.outageBehind(e).isPresent() ? LOG.atDebug() : LOG.atWarn())
                    .log("could not renew {}: {}", lease, e.getMessage());
            if (nanoTime.getAsLong() - lastRenewedNanos > duration.toNanos()) {
                lose("not renewable for " + duration.toSeconds() + " s: " + e.getMessage());
            }
        }
    }

    private void lose(String reason) {
        if (lostBecause.compareAndSet(null, reason)) { // the timer thread and the work may both find it
            renewals.cancel(false);
            LOG.warn("lost {}: {}", lease, reason);
            onLost.run();
        }
    }

    /**
     * Why the lease is gone, or empty while it is held. Asked at the work's safe points, it also finds a lease
     * whose last successful renewal is a whole duration old even while a renewal has not returned (a database
     * that stopped answering without closing the connection), which the timer thread cannot tell.
     */
    public Optional<String> lost() {
        if (lostBecause.get() == null && !stopped
                && nanoTime.getAsLong() - lastRenewedNanos > duration.toNanos()) {
            lose("not renewed for " + duration.toSeconds() + " s");
        }
        return Optional.ofNullable(lostBecause.get());
    }

    /**
     * Stops renewing, right before the work publishes (commits) under the lease: the commit is fenced in the
     * repository anyway, and a renewal still in flight that lands after it finds the lease gone, which must
     * not read as a loss.
     */
    public void stopRenewing() {
        stopped = true;
        renewals.cancel(false);
    }

    @Override
    public void close() {
        stopRenewing();
    }
}
