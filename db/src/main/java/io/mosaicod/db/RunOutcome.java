package io.mosaicod.db;

/** How an optimization attempt ended. */
public enum RunOutcome {
    /** New chunks committed, the topic's folder switched. */
    SUCCEEDED,
    /** The chunks were already as the optimizer would write them; marked optimized unchanged. */
    ALREADY_OPTIMAL,
    /** An error; the topic is released and retried by a later run. */
    FAILED,
    /**
     * Stopped by a shutdown signal, or by an outage of the repository or the object store; the topic is released,
     * and the attempt does not count toward giving it up.
     */
    INTERRUPTED,
    /** The lease expired or was taken over before the commit; nothing was published. */
    LEASE_LOST
}
