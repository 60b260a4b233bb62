package io.mosaicod.tasks.cleanup;

import io.mosaicod.db.ApiKeys;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.CatalogSearch;
import io.mosaicod.db.CleanupLedger;
import io.mosaicod.db.CleanupPass;
import io.mosaicod.db.CleanupResult;
import io.mosaicod.db.CleanupRun;
import io.mosaicod.db.InstanceRegistry;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RetiredFolder;
import io.mosaicod.db.UploadClaims;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A real repository's cleanup ledger whose calls a test may intercept, e.g. to record a reference right after
 * the pass took its snapshot — the interleaving a concurrent server would produce, made deterministic.
 */
class ForwardingLedger implements CleanupLedger {
    private final CleanupLedger ledger;

    ForwardingLedger(CleanupLedger ledger) {
        this.ledger = ledger;
    }

    @Override
    public Set<String> referencedFolders() {
        return ledger.referencedFolders();
    }

    @Override
    public boolean isFolderReferenced(String folder) {
        return ledger.isFolderReferenced(folder);
    }

    @Override
    public List<RetiredFolder> dueForDeletion(Duration retention) {
        return ledger.dueForDeletion(retention);
    }

    @Override
    public List<RetiredFolder> retiredFolders() {
        return ledger.retiredFolders();
    }

    @Override
    public int retireIfUnreferenced(List<String> folders, String reason) {
        return ledger.retireIfUnreferenced(folders, reason);
    }

    @Override
    public void forget(RetiredFolder retired) {
        ledger.forget(retired);
    }

    @Override
    public Optional<Instant> lastSweep() {
        return ledger.lastSweep();
    }

    @Override
    public void recordSweep(CleanupPass pass) {
        ledger.recordSweep(pass);
    }

    @Override
    public Optional<CleanupPass> beginPass(long instanceId, Duration leaseDuration) {
        return ledger.beginPass(instanceId, leaseDuration);
    }

    @Override
    public boolean renewPass(CleanupPass pass, Duration leaseDuration) {
        return ledger.renewPass(pass, leaseDuration);
    }

    @Override
    public void finishPass(CleanupPass pass, CleanupResult result) {
        ledger.finishPass(pass, result);
    }

    @Override
    public Optional<CleanupRun> lastRun() {
        return ledger.lastRun();
    }

    /** {@code repository} with this ledger in place of its own. */
    Repository in(Repository repository) {
        CleanupLedger self = this;
        return new Repository() {
            @Override
            public Catalog catalog() {
                return repository.catalog();
            }

            @Override
            public CatalogSearch search() {
                return repository.search();
            }

            @Override
            public UploadClaims uploadClaims() {
                return repository.uploadClaims();
            }

            @Override
            public OptimizationQueue optimizationQueue() {
                return repository.optimizationQueue();
            }

            @Override
            public CleanupLedger cleanupLedger() {
                return self;
            }

            @Override
            public InstanceRegistry instances() {
                return repository.instances();
            }

            @Override
            public ApiKeys apiKeys() {
                return repository.apiKeys();
            }

            @Override
            public Instant now() {
                return repository.now();
            }

            @Override
            public void close() {
                repository.close();
            }
        };
    }
}
