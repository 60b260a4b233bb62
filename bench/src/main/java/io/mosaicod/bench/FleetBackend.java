package io.mosaicod.bench;

import io.mosaicod.testkit.PostgresDatabase;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.S3Server;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a fleet server keeps its chunks and catalog, fresh for every measured configuration so that none
 * inherits another's files, rows or page cache: {@code local}, the embedded defaults (SQLite and the local
 * store in one data folder); {@code s3}, s3proxy (in the harness JVM, filesystem backend, FACTS.md) and a fresh
 * database on an embedded PostgreSQL.
 */
enum FleetBackend {
    LOCAL("local store + SQLite"),
    S3("S3 (s3proxy) + PostgreSQL");

    /** The server's {@code MOSAICOD_*} variables for one configuration; closing drops its bucket and database. */
    record Deployment(Map<String, String> env, AutoCloseable release) implements AutoCloseable {
        @Override
        public void close() throws Exception {
            release.close();
        }
    }

    private final String title;

    FleetBackend(String title) {
        this.title = title;
    }

    String title() {
        return title;
    }

    /** {@code --fleet-backends local,s3}. */
    static List<FleetBackend> select(String names) {
        return Arrays.stream(names.split(",")).map(name -> switch (name.trim()) {
            case "local" -> LOCAL;
            case "s3" -> S3;
            default -> throw new IllegalArgumentException("--fleet-backends: unknown backend '" + name
                    + "'; known: local,s3");
        }).toList();
    }

    /** A fresh deployment whose local files (the data folder) live in {@code data}. */
    Deployment deploy(Path data) {
        Map<String, String> env = new HashMap<>();
        env.put("MOSAICOD_DATA_DIR", data.toString());
        if (this == LOCAL) {
            return new Deployment(env, () -> { });
        }
        S3Server s3 = S3Server.dedicated(); // closing it deletes its objects
        PostgresDatabase database = PostgresServer.shared().createDatabase();
        env.putAll(s3.environment(s3.newBucket(), ""));
        env.putAll(database.environment());
        return new Deployment(env, () -> {
            database.close();
            s3.close();
        });
    }
}
