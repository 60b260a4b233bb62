package io.mosaicod.server;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.StoreConfig;
import io.mosaicod.db.Repository;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import io.mosaicod.testkit.PostgresDatabase;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.S3Server;
import io.mosaicod.testkit.SqliteDatabase;
import io.mosaicod.testkit.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A repository and a store for one test class: the embedded defaults (SQLite file and local directory) or the
 * scale-out pair (a fresh database on the test JVM's embedded PostgreSQL and a fresh bucket on its s3proxy).
 */
final class Backend implements AutoCloseable {
    /** The two deployments the server is tested on. */
    enum Kind {
        SQLITE_LOCAL, POSTGRES_S3
    }

    private final String name;
    private final Repository repository;
    private final ObjectStore store;
    private final TestDatabase database;

    private Backend(String name, Repository repository, ObjectStore store, TestDatabase database) {
        this.name = name;
        this.repository = repository;
        this.store = store;
        this.database = database;
    }

    /** A fresh backend of {@code kind}; a SQLite one lives in a temporary folder deleted on close. */
    static Backend open(Kind kind) throws IOException {
        return switch (kind) {
            case SQLITE_LOCAL -> {
                // the layout MOSAICOD_DATA_DIR gives: the database file and the store folder side by side
                SqliteDatabase database = SqliteDatabase.create();
                yield open("sqlite+local", database, database.config(),
                        new StoreConfig.Local(database.folder().resolve("store")));
            }
            case POSTGRES_S3 -> {
                PostgresDatabase database = PostgresServer.shared().createDatabase();
                S3Server s3 = S3Server.shared();
                yield open("postgresql+s3", database, database.config(8), s3.storeConfig(s3.newBucket(), "mosaico"));
            }
        };
    }

    private static Backend open(String name, TestDatabase database, DatabaseConfig databaseConfig,
                                StoreConfig storeConfig) {
        Repository repository = Repositories.open(databaseConfig);
        try {
            return new Backend(name, repository, ObjectStores.open(storeConfig), database);
        } catch (IOException e) {
            repository.close();
            database.close();
            throw new UncheckedIOException(e);
        }
    }

    String name() {
        return name;
    }

    Repository repository() {
        return repository;
    }

    /** Another connection pool on the same database, as a second server sharing the repository has. */
    Repository openRepository() {
        return Repositories.open(database.config());
    }

    ObjectStore store() {
        return store;
    }

    @Override
    public void close() throws Exception {
        try (TestDatabase closing = database) {
            repository.close();
            store.close();
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
