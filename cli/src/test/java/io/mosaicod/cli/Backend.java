package io.mosaicod.cli;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import io.mosaicod.testkit.PostgresDatabase;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.S3Server;
import io.mosaicod.testkit.TestSql;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        TestSql.execute(database(), statements);
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
        /** Keys under a prefix, not the bucket root, as a shared bucket would hold them. */
        private static final String PREFIX = "fleet";
        private final Path dataDir;
        private final PostgresDatabase database = PostgresServer.shared().createDatabase();
        private final String bucket = S3Server.shared().newBucket();

        ScaleOut(Path dataDir) {
            this.dataDir = dataDir.toAbsolutePath();
        }

        @Override
        Map<String, String> env() {
            Map<String, String> env = new HashMap<>(database.environment());
            env.put("MOSAICOD_DATA_DIR", dataDir.toString()); // nothing may land in the working directory
            env.put("MOSAICOD_MAX_DB_CONNECTIONS", "4");
            env.putAll(S3Server.shared().environment(bucket, PREFIX));
            return env;
        }

        @Override
        DatabaseConfig database() {
            return database.config();
        }

        @Override
        ObjectStore openStore() throws IOException {
            return ObjectStores.open(S3Server.shared().storeConfig(bucket, PREFIX));
        }

        @Override
        public void close() {
            database.close();
        }
    }
}
