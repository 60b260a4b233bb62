package io.mosaicod.db.memory;

import io.mosaicod.db.ApiKeys;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.CatalogSearch;
import io.mosaicod.db.CleanupLedger;
import io.mosaicod.db.InstanceRegistry;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.Repository;
import io.mosaicod.db.UploadClaims;
import java.time.Instant;

/**
 * A repository in memory, for tests of the code above the repository: it passes the same contract as the
 * JDBC repository ({@code InMemoryRepositoryTest}), including its exceptions, leases judged by its own clock,
 * and acquisitions that exclude each other across threads (one lock for everything). Nothing survives the
 * object; {@link InMemoryTestRepository} gives tests its clock and what they do behind the API.
 */
public final class InMemoryRepository implements Repository {
    final Tables tables = new Tables();
    private final InMemoryCatalog catalog = new InMemoryCatalog(tables);
    private final InMemoryUploadClaims uploadClaims = new InMemoryUploadClaims(tables);
    private final InMemoryOptimizationQueue queue = new InMemoryOptimizationQueue(tables);
    private final InMemoryCleanupLedger cleanupLedger = new InMemoryCleanupLedger(tables);
    final InMemoryInstanceRegistry instances = new InMemoryInstanceRegistry(tables);
    private final InMemoryApiKeys apiKeys = new InMemoryApiKeys(tables);

    @Override
    public Catalog catalog() {
        return catalog;
    }

    @Override
    public UploadClaims uploadClaims() {
        return uploadClaims;
    }

    @Override
    public OptimizationQueue optimizationQueue() {
        return queue;
    }

    @Override
    public CleanupLedger cleanupLedger() {
        return cleanupLedger;
    }

    @Override
    public InstanceRegistry instances() {
        return instances;
    }

    /** Search is SQL by design (V5's flattened metadata); its contract runs on SQLite and PostgreSQL only. */
    @Override
    public CatalogSearch search() {
        throw new UnsupportedOperationException("the in-memory repository does not search");
    }

    @Override
    public ApiKeys apiKeys() {
        return apiKeys;
    }

    @Override
    public Instant now() {
        synchronized (tables) {
            return tables.now();
        }
    }

    /** Nothing to release; the content stays readable, which no caller relies on. */
    @Override
    public void close() {
    }
}
