package io.mosaicod.tasks.cleanup;

import java.time.Duration;
import java.util.Objects;

/**
 * How a cleanup pass behaves.
 *
 * @param retention how long a folder stays marked before it is deleted; zero deletes an unreferenced folder in
 *                  the pass that finds it
 * @param passLease how long the cleanup lease lasts without renewal; renewed every third of it, so another
 *                  instance can take over within this time after a cleanup process died
 * @param emptyRepositoryConfirmed whether the operator confirmed that a repository referencing no folder at all is
 *                  the store's (every sequence deleted on purpose); without it such a pass refuses the store
 */
public record CleanupSettings(Duration retention, Duration passLease, boolean emptyRepositoryConfirmed) {
    /** Long enough that a few failed renewals in a row do not hand the pass to another instance. */
    public static final Duration DEFAULT_PASS_LEASE = Duration.ofMinutes(5);

    public CleanupSettings {
        Objects.requireNonNull(retention, "retention");
        Objects.requireNonNull(passLease, "passLease");
        if (retention.isNegative()) {
            throw new IllegalArgumentException("retention is " + retention + " but must be >= 0");
        }
        if (passLease.isNegative() || passLease.isZero()) {
            throw new IllegalArgumentException("passLease is " + passLease + " but must be > 0");
        }
    }

    public CleanupSettings(Duration retention, Duration passLease) {
        this(retention, passLease, false);
    }

    public static CleanupSettings withRetention(Duration retention) {
        return new CleanupSettings(retention, DEFAULT_PASS_LEASE);
    }

    /** These settings, with the operator's word that an empty repository is the store's. */
    public CleanupSettings confirmingEmptyRepository() {
        return new CleanupSettings(retention, passLease, true);
    }

    public boolean deletesAtOnce() {
        return retention.isZero();
    }
}
