package io.mosaicod.tasks.optimizer;

import io.mosaicod.db.Repository;
import io.mosaicod.db.memory.InMemoryRepository;
import io.mosaicod.store.InMemoryObjectStore;
import io.mosaicod.store.ObjectStore;
import org.junit.jupiter.api.Tag;

/**
 * The optimizer on the in-memory repository and store: the whole contract, without a database or disk
 * between the rewrites. The lease renewal test takes seconds (its timer races the repository's clock in real
 * time), so the fast tier leaves it to {@code mvn verify}.
 */
@Tag("fast")
class InMemoryStoreOptimizerTest extends StoreOptimizerContract {
    @Override
    Repository openRepository() {
        return new InMemoryRepository();
    }

    @Override
    ObjectStore openStore() {
        return new InMemoryObjectStore();
    }
}
