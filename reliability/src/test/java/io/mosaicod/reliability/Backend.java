package io.mosaicod.reliability;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.Settings;
import io.mosaicod.core.config.StoreConfig;
import io.mosaicod.db.Repository;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import io.mosaicod.testkit.PostgresDatabase;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.S3Server;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The repository and store that mosaicod child processes share with the test: the environment that points
 * a process at them (as an operator would configure it), and the test's own, direct view of each. The
 * processes may be routed through a fault-injecting path (a {@link TcpProxy} to PostgreSQL, a
 * {@link S3Server#dedicated()} s3proxy) while the test keeps a direct connection to observe.
 */
abstract class Backend implements AutoCloseable {

    abstract String name();

    /** The {@code MOSAICOD_*} variables of a process using this backend. */
    abstract Map<String, String> env();

    abstract Repository openRepository();

    abstract ObjectStore openStore() throws IOException;

    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return name();
    }

    static Backend embedded(Path dataDir) throws IOException {
        return new Embedded(dataDir);
    }

    /** PostgreSQL (a fresh database on the shared server) and S3 (a fresh bucket on the shared s3proxy). */
    static ScaleOut scaleOut(Path dataDir) {
        return new ScaleOut(dataDir, S3Server.shared());
    }

    /**
     * PostgreSQL (a fresh database) with a local store folder: for workers whose clock is skewed, which S3
     * would refuse outright (request signatures carry the worker's time).
     */
    static Backend postgresWithLocalStore(Path dataDir) {
        return new Backend() {
            private final ScaleOut scaleOut = scaleOut(dataDir);
            private final Path storeDir = dataDir.toAbsolutePath().resolve("store");

            @Override
            String name() {
                return "PostgreSQL+local";
            }

            @Override
            Map<String, String> env() {
                Map<String, String> env = new HashMap<>(scaleOut.env());
                env.keySet().removeIf(name -> name.startsWith("MOSAICOD_STORE_"));
                env.put("MOSAICOD_STORE_DIR", storeDir.toString());
                return env;
            }

            @Override
            Repository openRepository() {
                return scaleOut.openRepository();
            }

            @Override
            ObjectStore openStore() throws IOException {
                return new LocalObjectStore(storeDir);
            }

            @Override
            public void close() {
                scaleOut.close();
            }
        };
    }

    /** The embedded defaults: everything under one data directory (SQLite file and local store). */
    static final class Embedded extends Backend {
        private final Path dataDir;

        Embedded(Path dataDir) throws IOException {
            this.dataDir = Files.createDirectories(dataDir).toAbsolutePath();
        }

        @Override
        String name() {
            return "SQLite+local";
        }

        @Override
        Map<String, String> env() {
            return Map.of("MOSAICOD_DATA_DIR", dataDir.toString());
        }

        @Override
        Repository openRepository() {
            return Repositories.open(DatabaseConfig.sqlite(dataDir.resolve("mosaico.db")));
        }

        @Override
        ObjectStore openStore() throws IOException {
            return new LocalObjectStore(dataDir.resolve("store"));
        }
    }

    /** Scaled out: a fresh PostgreSQL database and a fresh S3 bucket; processes may reach either through a fault. */
    static final class ScaleOut extends Backend {
        private final Path dataDir;
        private final PostgresDatabase database = PostgresServer.shared().createDatabase();
        private final S3Server s3;
        private final String bucket;
        private int processDatabasePort = -1;
        private int processStorePort = -1;

        ScaleOut(Path dataDir, S3Server s3) {
            this.dataDir = dataDir.toAbsolutePath();
            this.s3 = s3;
            this.bucket = s3.newBucket();
        }

        @Override
        String name() {
            return "PostgreSQL+S3";
        }

        /** The bucket the processes and the test share. */
        String bucket() {
            return bucket;
        }

        /** A connection of the test's own, for what the repository's API rightly does not offer (row locks). */
        Connection connect() throws SQLException {
            return DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
        }

        /** The PostgreSQL server's address, for a {@link TcpProxy} in front of it. */
        int databasePort() {
            return URI.create(database.jdbcUrl().substring("jdbc:".length())).getPort();
        }

        /** Points processes (not the test) at {@code port}, e.g. a {@link TcpProxy} forwarding to PostgreSQL. */
        ScaleOut processesReachDatabaseAt(int port) {
            this.processDatabasePort = port;
            return this;
        }

        /** The S3 server's port, for a {@link TcpProxy} in front of it. */
        int storePort() {
            return s3.endpoint().getPort();
        }

        /** Points processes (not the test) at {@code port}, e.g. a {@link TcpProxy} forwarding to S3. */
        ScaleOut processesReachStoreAt(int port) {
            this.processStorePort = port;
            return this;
        }

        @Override
        Map<String, String> env() {
            Map<String, String> env = new HashMap<>(database.environment());
            if (processDatabasePort > 0) {
                env.put("MOSAICOD_DB_URL", database.jdbcUrl().replace(":" + databasePort() + "/",
                        ":" + processDatabasePort + "/"));
            }
            env.put("MOSAICOD_DATA_DIR", dataDir.toString()); // nothing may land in the working directory
            env.put("MOSAICOD_MAX_DB_CONNECTIONS", "4");
            env.putAll(s3.environment(bucket, ""));
            if (processStorePort > 0) {
                env.put(Settings.STORE_ENDPOINT.env(), "http://127.0.0.1:" + processStorePort);
            }
            return env;
        }

        @Override
        Repository openRepository() {
            return Repositories.open(database.config(8));
        }

        @Override
        ObjectStore openStore() throws IOException {
            StoreConfig.S3 config = s3.storeConfig(bucket, "");
            return ObjectStores.open(config);
        }

        @Override
        public void close() {
            database.close();
        }
    }
}
