package io.mosaicod.db;

import io.mosaicod.db.memory.InMemoryTestRepository;
import org.junit.jupiter.api.Tag;

/** The fake the optimizer's and cleanup's fast tests run on must keep the contract the databases keep. */
@Tag("fast")
class InMemoryRepositoryTest extends RepositoryContract {
    @Override
    protected TestRepository createRepository() {
        return new InMemoryTestRepository();
    }
}
