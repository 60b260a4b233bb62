package io.mosaicod.server;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.StoreConfig;
import io.mosaicod.db.Repositories;
import io.mosaicod.db.Repository;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import io.mosaicod.testkit.PostgresDatabase;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.S3Server;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A repository and a store for one test class: the embedded defaults (SQLite file and local directory) or the
 * scale-out pair (a fresh database on the test JVM's embedded PostgreSQL and a fresh bucket on its s3proxy).
 * {@link #environment()} points a child server process at the same two.
 */
final class Backend implements AutoCloseable {
    /** The two deployments the server is tested on. */
    enum Kind {
        SQLITE_LOCAL, POSTGRES_S3
    }

    private final String name;
    private final Repository repository;
    private final ObjectStore store;
    private final Map<String, String> environment;
    private final AutoCloseable extra;

    private Backend(String name, Repository repository, ObjectStore store, Map<String, String> environment,
                    AutoCloseable extra) {
        this.name = name;
        this.repository = repository;
        this.store = store;
        this.environment = Map.copyOf(environment);
        this.extra = extra;
    }

    /** A fresh backend of {@code kind}; a SQLite one lives in a temporary folder deleted on close. */
    static Backend open(Kind kind) throws IOException {
        return switch (kind) {
            case SQLITE_LOCAL -> {
                Path dir = Files.createTempDirectory("mosaicod-server-test-");
                Backend backend = sqliteLocal(dir);
                yield new Backend(backend.name, backend.repository, backend.store, backend.environment,
                        () -> deleteTree(dir));
            }
            case POSTGRES_S3 -> postgresS3();
        };
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    /** SQLite in WAL mode and a local store, both under {@code dataDir} (what MOSAICOD_DATA_DIR gives). */
    static Backend sqliteLocal(Path dataDir) {
        DatabaseConfig database = DatabaseConfig.sqlite(dataDir.resolve("mosaico.db"));
        StoreConfig store = new StoreConfig.Local(dataDir.resolve("store"));
        return open("sqlite+local", database, store, Map.of("MOSAICOD_DATA_DIR", dataDir.toString()), null);
    }

    /** A new database on the embedded PostgreSQL and a new bucket on s3proxy. */
    static Backend postgresS3() {
        PostgresDatabase database = PostgresServer.shared().createDatabase();
        S3Server s3 = S3Server.shared();
        String bucket = s3.newBucket();
        StoreConfig.S3 store = s3.storeConfig(bucket, "mosaico");
        Map<String, String> env = new LinkedHashMap<>();
        env.put("MOSAICOD_DB_URL", database.jdbcUrl());
        env.put("MOSAICOD_DB_USER", database.user());
        env.put("MOSAICOD_DB_PASSWORD", database.password());
        env.put("MOSAICOD_STORE_BUCKET", bucket);
        env.put("MOSAICOD_STORE_ENDPOINT", s3.endpoint().toString());
        env.put("MOSAICOD_STORE_REGION", S3Server.REGION);
        env.put("MOSAICOD_STORE_PREFIX", "mosaico");
        env.put("MOSAICOD_STORE_ACCESS_KEY", S3Server.ACCESS_KEY);
        env.put("MOSAICOD_STORE_SECRET_KEY", S3Server.SECRET_KEY);
        return open("postgresql+s3", database.config(8), store, env, database);
    }

    private static Backend open(String name, DatabaseConfig database, StoreConfig storeConfig,
                                Map<String, String> env, AutoCloseable extra) {
        Repository repository = Repositories.open(database);
        try {
            return new Backend(name, repository, ObjectStores.open(storeConfig), env, extra);
        } catch (IOException e) {
            repository.close();
            throw new UncheckedIOException(e);
        }
    }

    String name() {
        return name;
    }

    Repository repository() {
        return repository;
    }

    ObjectStore store() {
        return store;
    }

    /** {@code MOSAICOD_*} variables that configure a server process on this repository and store. */
    Map<String, String> environment() {
        return environment;
    }

    @Override
    public void close() throws Exception {
        try (AutoCloseable closing = extra) {
            repository.close();
            store.close();
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
