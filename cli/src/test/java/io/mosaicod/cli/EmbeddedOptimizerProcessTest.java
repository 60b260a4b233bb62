package io.mosaicod.cli;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Repositories;
import io.mosaicod.db.Repository;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectStore;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;

/** Child processes on the embedded defaults: one data folder with the SQLite file and the local store. */
class EmbeddedOptimizerProcessTest extends OptimizerProcessTest {
    @TempDir
    Path data;

    @Override
    Map<String, String> environment() {
        return Map.of("MOSAICOD_DATA_DIR", data.toString());
    }

    @Override
    Repository openRepository() {
        return Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")));
    }

    @Override
    ObjectStore openStore() throws Exception {
        return new LocalObjectStore(data.resolve("store"));
    }
}
