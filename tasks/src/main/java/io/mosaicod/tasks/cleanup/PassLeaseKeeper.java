package io.mosaicod.tasks.cleanup;

import io.mosaicod.db.CleanupLedger;
import io.mosaicod.db.CleanupPass;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Renews the cleanup lease every third of its duration while a pass works, on a timer thread, so a pass
 * stuck in one slow folder still keeps other cleanups out. Once the lease is lost — taken over after it
 * expired, or not renewable for a whole lease duration — the pass must stop before its next folder, since
 * another pass may be running.
 */
final class PassLeaseKeeper implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PassLeaseKeeper.class);

    private final CleanupLedger ledger;
    private final CleanupPass pass;
    private final Duration duration;
    private final ScheduledFuture<?> renewals;
    private volatile long lastRenewedNanos = System.nanoTime();
    private volatile String lostBecause;

    PassLeaseKeeper(CleanupLedger ledger, CleanupPass pass, Duration duration, ScheduledExecutorService scheduler) {
        this.ledger = ledger;
        this.pass = pass;
        this.duration = duration;
        long period = Math.max(1, duration.toMillis() / 3);
        this.renewals = scheduler.scheduleAtFixedRate(this::renew, period, period, TimeUnit.MILLISECONDS);
    }

    private void renew() {
        if (lostBecause != null) {
            return;
        }
        try {
            if (ledger.renewPass(pass, duration)) {
                lastRenewedNanos = System.nanoTime();
            } else {
                lose("another cleanup took the lease over after it expired");
            }
        } catch (RuntimeException e) {
            LOG.warn("could not renew the lease of cleanup pass {}: {}", pass.runId(), e.getMessage());
            if (System.nanoTime() - lastRenewedNanos > duration.toNanos()) {
                lose("the lease could not be renewed for " + duration.toSeconds() + " s: " + e.getMessage());
            }
        }
    }

    private void lose(String reason) {
        lostBecause = reason;
        renewals.cancel(false);
        LOG.warn("cleanup pass {} lost its lease: {}", pass.runId(), reason);
    }

    /** Why the lease is gone, or empty while it is held. */
    Optional<String> lost() {
        return Optional.ofNullable(lostBecause);
    }

    @Override
    public void close() {
        renewals.cancel(false);
    }
}
