package io.mosaicod.tasks.optimizer;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Repository;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The embedded defaults: SQLite repository and a local store directory. */
class EmbeddedStoreOptimizerTest extends StoreOptimizerContract {
    @TempDir
    Path data;

    @Override
    Repository openRepository() {
        return Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")));
    }

    @Override
    ObjectStore openStore() throws Exception {
        return new LocalObjectStore(data.resolve("store"));
    }
}
