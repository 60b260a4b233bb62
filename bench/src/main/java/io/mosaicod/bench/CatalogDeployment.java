package io.mosaicod.bench;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.StoreConfig;
import io.mosaicod.testkit.PostgresDatabase;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.S3Server;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where one catalog of the catalog-scale scenario lives: SQLite in its data folder or a fresh database on the
 * embedded PostgreSQL, and the local store in its data folder or a fresh bucket on s3proxy (in the harness JVM).
 * The data folder is the {@code MOSAICOD_DATA_DIR} of every process that works on it; closing drops the database
 * and the bucket's objects stay with s3proxy's temporary folder until the harness exits.
 */
record CatalogDeployment(String title, Path data, DatabaseConfig database, StoreConfig store,
                         Map<String, String> env, AutoCloseable release) implements AutoCloseable {

    /** A repository ({@code sqlite}, {@code postgres}) and a store ({@code local}, {@code s3}). */
    record Kind(String db, String store) {
        String title() {
            return (db.equals("sqlite") ? "SQLite" : "PostgreSQL") + " + " + (store.equals("local") ? "local" : "S3");
        }
    }

    /** {@code --db sqlite|postgres|both}, {@code --store local|s3|both}: every combination, SQLite + local first. */
    static List<Kind> kinds(String databases, String stores) {
        List<Kind> kinds = new ArrayList<>();
        for (String db : expand(databases, "sqlite", "postgres", "--db")) {
            for (String store : expand(stores, "local", "s3", "--store")) {
                kinds.add(new Kind(db, store));
            }
        }
        return kinds;
    }

    private static List<String> expand(String option, String first, String second, String name) {
        if (option.equals("both")) {
            return List.of(first, second);
        }
        if (!option.equals(first) && !option.equals(second)) {
            throw new IllegalArgumentException(name + ": unknown value '" + option + "'; known: " + first + "|"
                    + second + "|both");
        }
        return List.of(option);
    }

    /** A fresh, empty deployment of {@code kind} whose local files live in {@code data}. */
    static CatalogDeployment create(Kind kind, Path data) {
        Map<String, String> env = new HashMap<>();
        env.put("MOSAICOD_DATA_DIR", data.toString());
        DatabaseConfig database;
        AutoCloseable dropDatabase;
        if (kind.db().equals("sqlite")) {
            database = DatabaseConfig.sqlite(data.resolve("mosaico.db"));
            dropDatabase = () -> { };
        } else {
            PostgresDatabase postgres = PostgresServer.shared().createDatabase();
            database = postgres.config();
            env.putAll(postgres.environment());
            dropDatabase = postgres;
        }
        StoreConfig storeConfig;
        if (kind.store().equals("local")) {
            storeConfig = new StoreConfig.Local(data.resolve("store"));
        } else {
            S3Server s3 = S3Server.shared();
            String bucket = s3.newBucket();
            storeConfig = s3.storeConfig(bucket, "");
            env.putAll(s3.environment(bucket, ""));
        }
        return new CatalogDeployment(kind.title(), data, database, storeConfig, Map.copyOf(env), dropDatabase);
    }

    boolean postgres() {
        return database.isPostgres();
    }

    @Override
    public void close() throws Exception {
        release.close();
    }
}
