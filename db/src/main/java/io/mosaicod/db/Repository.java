package io.mosaicod.db;

import java.time.Instant;

/**
 * The catalog database, seen as domain operations only: no JDBC type crosses this boundary, so the
 * optimizer and cleanup can be tested against in-memory implementations.
 *
 * <p>Each concern is a small interface of its own; a repository hands out each of them over one
 * database. Every time it records ({@code *_at}) comes from the database clock, so that processes on
 * machines with skewed clocks still agree on lease expiry and liveness.
 */
public interface Repository extends AutoCloseable {

    /** Sequences, sessions, topics, chunks, column statistics and notifications. */
    Catalog catalog();

    /** Finds topics by the metadata of their sequence and their own (the {@code query} action). */
    CatalogSearch search();

    /** Which upload may write a topic: one at a time across every server sharing the repository. */
    UploadClaims uploadClaims();

    /** The store optimizer's queue of topics, their leases and the history of optimization runs. */
    OptimizationQueue optimizationQueue();

    /** What the cleanup must not delete, and the record of cleanup passes. */
    CleanupLedger cleanupLedger();

    /** Running mosaicod processes and their heartbeats. */
    InstanceRegistry instances();

    /** The API keys servers accept when MOSAICOD_API_KEY_ENABLED is on. */
    ApiKeys apiKeys();

    /** The database clock. */
    Instant now();

    /** Releases the connections; the repository is unusable afterwards. */
    @Override
    void close();
}
