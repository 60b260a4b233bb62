package io.mosaicod.testkit;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.io.FileTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A SQLite database file in a temporary folder of its own; the test may keep other files there too (a local
 * store, a second database). Closing it deletes the folder and everything in it.
 */
public final class SqliteDatabase implements TestDatabase {
    private final Path folder;

    private SqliteDatabase(Path folder) {
        this.folder = folder;
    }

    public static SqliteDatabase create() throws IOException {
        return new SqliteDatabase(Files.createTempDirectory("mosaicod-sqlite-test-"));
    }

    /** The folder holding the database file, deleted on {@link #close()}. */
    public Path folder() {
        return folder;
    }

    @Override
    public DatabaseConfig config() {
        return DatabaseConfig.sqlite(folder.resolve("mosaico.db"));
    }

    @Override
    public void close() {
        try {
            FileTrees.delete(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the test database folder " + folder, e);
        }
    }
}
