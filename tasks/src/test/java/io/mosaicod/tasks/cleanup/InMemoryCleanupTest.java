package io.mosaicod.tasks.cleanup;

import io.mosaicod.db.TestRepository;
import io.mosaicod.db.memory.InMemoryTestRepository;
import io.mosaicod.store.InMemoryObjectStore;
import io.mosaicod.store.ObjectStore;
import org.junit.jupiter.api.Tag;

/**
 * The cleanup on the in-memory repository and store: the whole contract, in milliseconds, since waits for a
 * retention or a lease expiry move the repository's clock. Only the test of lease renewal during a slow pass
 * takes seconds (its timer races the clock in real time), so the fast tier leaves it to {@code mvn verify}.
 */
@Tag("fast")
class InMemoryCleanupTest extends CleanupRoutineContract {
    @Override
    protected TestRepository createRepository() {
        return new InMemoryTestRepository();
    }

    @Override
    protected ObjectStore newStore() {
        return new InMemoryObjectStore();
    }
}
