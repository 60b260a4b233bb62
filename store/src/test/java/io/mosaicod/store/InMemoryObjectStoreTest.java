package io.mosaicod.store;

import java.util.List;
import org.junit.jupiter.api.Tag;

/** The fake the optimizer's and cleanup's fast tests run on must keep the contract the real stores keep. */
@Tag("fast")
class InMemoryObjectStoreTest extends ObjectStoreContract {
    private InMemoryObjectStore memory;

    @Override
    protected ObjectStore newStore() {
        memory = new InMemoryObjectStore();
        return memory;
    }

    @Override
    protected List<String> unfinishedWrites() {
        return memory.unfinishedWrites();
    }
}
