package io.mosaicod.tasks.cleanup;

import io.mosaicod.db.CleanupResult;

/**
 * What the cleanup reports for its process's metrics endpoint (docs/metrics.md), without knowing how they are
 * published: once per pass, and when a pass's lease is lost.
 */
public interface CleanupMetrics {
    CleanupMetrics NONE = new CleanupMetrics() {
        @Override
        public void passEnded(CleanupResult result) {
        }

        @Override
        public void leaseLost() {
        }
    };

    /** A pass of this instance ended and was recorded, with how many folders it marked, deleted and failed on. */
    void passEnded(CleanupResult result);

    /** The lease of this instance's running pass was found lost. */
    void leaseLost();
}
