package io.mosaicod.cli;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.Secret;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import io.mosaicod.testkit.PostgresDatabase;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.S3Server;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * A repository and store that mosaicod processes started by a test share with the test itself: the
 * environment that points a process at them, and the test's own view of each.
 */
abstract class Backend implements AutoCloseable {

    /** The {@code MOSAICOD_*} variables of a process using this backend. */
    abstract Map<String, String> env();

    abstract DatabaseConfig database();

    abstract ObjectStore openStore() throws IOException;

    @Override
    public void close() {
    }

    /**
     * Runs SQL behind the repository's back, for what its API rightly does not offer: ageing a heartbeat
     * by minutes without waiting for them.
     */
    void execute(String... statements) {
        DatabaseConfig config = database();
        try (Connection connection = DriverManager.getConnection(config.jdbcUrl(), config.user().orElse(null),
                config.password().map(Secret::reveal).orElse(null));
             Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.executeUpdate(sql);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("test SQL failed: " + String.join("; ", statements), e);
        }
    }

    /** The embedded defaults: everything under one data directory (SQLite file and local store). */
    static final class Embedded extends Backend {
        private final Path dataDir;

        Embedded(Path dataDir) throws IOException {
            this.dataDir = Files.createDirectories(dataDir).toAbsolutePath();
        }

        @Override
        Map<String, String> env() {
            return Map.of("MOSAICOD_DATA_DIR", dataDir.toString());
        }

        @Override
        DatabaseConfig database() {
            return DatabaseConfig.sqlite(dataDir.resolve("mosaico.db"));
        }

        @Override
        ObjectStore openStore() throws IOException {
            return new LocalObjectStore(dataDir.resolve("store"));
        }
    }

    /** Scaled out: a fresh database on the test PostgreSQL server and a fresh bucket on s3proxy. */
    static final class ScaleOut extends Backend {
        private final Path dataDir;
        private final PostgresDatabase database = PostgresServer.shared().createDatabase();
        private final String bucket = S3Server.shared().newBucket();

        ScaleOut(Path dataDir) {
            this.dataDir = dataDir.toAbsolutePath();
        }

        @Override
        Map<String, String> env() {
            Map<String, String> env = new HashMap<>();
            env.put("MOSAICOD_DATA_DIR", dataDir.toString()); // nothing may land in the working directory
            env.put("MOSAICOD_DB_URL", database.jdbcUrl());
            env.put("MOSAICOD_DB_USER", database.user());
            env.put("MOSAICOD_DB_PASSWORD", database.password());
            env.put("MOSAICOD_MAX_DB_CONNECTIONS", "4");
            env.put("MOSAICOD_STORE_BUCKET", bucket);
            env.put("MOSAICOD_STORE_ENDPOINT", S3Server.shared().endpoint().toString());
            env.put("MOSAICOD_STORE_REGION", S3Server.REGION);
            env.put("MOSAICOD_STORE_ACCESS_KEY", S3Server.ACCESS_KEY);
            env.put("MOSAICOD_STORE_SECRET_KEY", S3Server.SECRET_KEY);
            return env;
        }

        @Override
        DatabaseConfig database() {
            return database.config(4);
        }

        @Override
        ObjectStore openStore() throws IOException {
            return ObjectStores.open(S3Server.shared().storeConfig(bucket, ""));
        }

        @Override
        public void close() {
            database.close();
        }
    }
}
