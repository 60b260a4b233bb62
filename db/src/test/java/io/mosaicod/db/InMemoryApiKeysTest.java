package io.mosaicod.db;

import io.mosaicod.db.memory.InMemoryTestRepository;
import org.junit.jupiter.api.Tag;

@Tag("fast")
class InMemoryApiKeysTest extends ApiKeysContract {
    @Override
    protected TestRepository createRepository() {
        return new InMemoryTestRepository();
    }
}
