package io.mosaicod.tasks.cleanup;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The cleanup on the embedded defaults: a SQLite repository and a local store directory. */
class EmbeddedCleanupTest extends CleanupRoutineContract {
    private Path directory;
    private int stores;

    @Override
    protected DatabaseConfig createDatabase() throws IOException {
        directory = Files.createTempDirectory("mosaicod-cleanup-test-");
        return DatabaseConfig.sqlite(directory.resolve("mosaico.db"));
    }

    @Override
    protected void dropDatabase() throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    @Override
    protected ObjectStore newStore() throws IOException {
        return new LocalObjectStore(directory.resolve("store-" + ++stores));
    }
}
