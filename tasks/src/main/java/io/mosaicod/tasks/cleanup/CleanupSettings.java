package io.mosaicod.tasks.cleanup;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How a cleanup pass behaves.
 *
 * @param retention how long a folder stays retired before it is deleted; zero deletes a retired folder in the
 *                  first pass after it was retired
 * @param passLease how long the cleanup lease lasts without renewal; renewed every third of it, so another
 *                  instance can take over within this time after a cleanup process died
 * @param emptyRepositoryConfirmed whether the operator confirmed that a repository referencing no folder at all is
 *                  the store's (every sequence deleted on purpose); without it an orphan sweep refuses such a store
 * @param sweepInterval how long after the latest sweep (by any cleanup instance) a pass sweeps the store for
 *                  orphans again; zero sweeps in every pass
 */
public record CleanupSettings(Duration retention, Duration passLease, boolean emptyRepositoryConfirmed,
                              Duration sweepInterval) {
    /** Long enough that a few failed renewals in a row do not hand the pass to another instance. */
    public static final Duration DEFAULT_PASS_LEASE = Duration.ofMinutes(5);
    /**
     * Orphans come only from crashes between a write and its record, so a weekly sweep finds them soon enough,
     * while every other pass costs a constant few statements whatever the size of the store.
     */
    public static final Duration DEFAULT_SWEEP_INTERVAL = Duration.ofDays(7);

    public CleanupSettings {
        Objects.requireNonNull(retention, "retention");
        Objects.requireNonNull(passLease, "passLease");
        Objects.requireNonNull(sweepInterval, "sweepInterval");
        if (retention.isNegative()) {
            throw new IllegalArgumentException("retention is " + retention + " but must be >= 0");
        }
        if (passLease.isNegative() || passLease.isZero()) {
            throw new IllegalArgumentException("passLease is " + passLease + " but must be > 0");
        }
        if (sweepInterval.isNegative()) {
            throw new IllegalArgumentException("sweepInterval is " + sweepInterval + " but must be >= 0");
        }
    }

    public static CleanupSettings withRetention(Duration retention) {
        return new CleanupSettings(retention, DEFAULT_PASS_LEASE, false, DEFAULT_SWEEP_INTERVAL);
    }

    /**
     * Whether a pass at {@code now} sweeps: no sweep ever ran, or the latest one (by any instance) began at least
     * the sweep interval before.
     */
    public boolean sweepDue(Optional<Instant> lastSweep, Instant now) {
        return lastSweep.map(last -> !last.plus(sweepInterval).isAfter(now)).orElse(true);
    }

    /** These settings, with the operator's word that an empty repository is the store's. */
    public CleanupSettings confirmingEmptyRepository() {
        return new CleanupSettings(retention, passLease, true, sweepInterval);
    }

    /** These settings, sweeping the store for orphans once {@code interval} has passed since the latest sweep. */
    public CleanupSettings sweepingEvery(Duration interval) {
        return new CleanupSettings(retention, passLease, emptyRepositoryConfirmed, interval);
    }
}
