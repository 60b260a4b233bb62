package io.mosaicod.db.jdbc;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.metrics.BackendErrors;
import io.mosaicod.db.ApiKeys;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.CatalogSearch;
import io.mosaicod.db.CleanupLedger;
import io.mosaicod.db.InstanceRegistry;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RepositoryException;
import io.mosaicod.db.UploadClaims;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/** The repository over SQLite or PostgreSQL, through one connection pool. */
public final class JdbcRepository implements Repository {
    /** How long a direct connection may take to tell whether the database answers. */
    private static final int DIRECT_CONNECT_TIMEOUT_SECONDS = 2;
    /**
     * How long a SQLite writer waits for another process's write transaction before failing. Generous:
     * every write transaction here is short, so waiting is always better than failing a request.
     */
    static final int SQLITE_BUSY_TIMEOUT_MS = 30_000;

    private final HikariDataSource pool;
    private final Database database;
    private final Catalog catalog;
    private final CatalogSearch search;
    private final UploadClaims uploadClaims;
    private final OptimizationQueue queue;
    private final CleanupLedger cleanupLedger;
    private final InstanceRegistry instances;
    private final ApiKeys apiKeys;
    private final String now;

    private JdbcRepository(HikariDataSource pool, Dialect dialect, DatabaseConfig config, BackendErrors errors) {
        this.pool = pool;
        this.database = new Database(pool, directConnection(config, dialect), dialect, config.jdbcUrl(), errors);
        CatalogRows rows = new CatalogRows(dialect);
        ChunkTable chunks = new ChunkTable(database, rows);
        this.catalog = new JdbcCatalog(database, rows, chunks);
        this.search = new JdbcCatalogSearch(database);
        this.uploadClaims = new JdbcUploadClaims(database, chunks);
        this.queue = new JdbcOptimizationQueue(database, rows, chunks);
        this.cleanupLedger = new JdbcCleanupLedger(database);
        this.instances = new JdbcInstanceRegistry(database);
        this.apiKeys = new JdbcApiKeys(database);
        this.now = dialect.render("SELECT {now_ms}");
    }

    /**
     * Connects, migrates the schema to the latest version, and returns the repository, which reports its failed
     * operations to {@code errors}.
     */
    public static Repository open(DatabaseConfig config, BackendErrors errors) {
        Dialect dialect = Dialect.of(config.jdbcUrl());
        if (dialect == Dialect.SQLITE) {
            createParentFolder(config.jdbcUrl());
        }
        HikariDataSource pool = connect(config, dialect);
        try {
            SchemaMigration.migrate(pool, dialect, config.jdbcUrl());
            return new JdbcRepository(pool, dialect, config, errors);
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    /**
     * The connection pool, its first connection open. On a fresh SQLite file, the first connection of each
     * process switches the file to WAL, which needs the file to itself and fails at once (SQLITE_BUSY, without
     * waiting the busy timeout) while another process does the same: then it tries again, for as long as the
     * busy timeout, so that processes started together on a new data folder all come up (CI once saw one fail).
     */
    private static HikariDataSource connect(DatabaseConfig config, Dialect dialect) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SQLITE_BUSY_TIMEOUT_MS);
        for (long pauseMs = 10; ; pauseMs = Math.min(2 * pauseMs, 500)) {
            try {
                return new HikariDataSource(poolConfig(config, dialect));
            } catch (RuntimeException e) {
                if (dialect != Dialect.SQLITE || !busy(e) || System.nanoTime() > deadline) {
                    throw new RepositoryException("cannot connect to the repository at " + config.jdbcUrl() + ": "
                            + e.getMessage(), e);
                }
                try {
                    Thread.sleep(ThreadLocalRandom.current().nextLong(pauseMs / 2, pauseMs + 1));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new RepositoryException("interrupted while connecting to the repository at "
                            + config.jdbcUrl(), e);
                }
            }
        }
    }

    private static boolean busy(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLiteException s && (s.getResultCode() == SQLiteErrorCode.SQLITE_BUSY
                    || s.getResultCode() == SQLiteErrorCode.SQLITE_LOCKED)) {
                return true;
            }
        }
        return false;
    }

    /** The embedded repository lives in the data folder, which a first start on a fresh machine creates. */
    private static void createParentFolder(String jdbcUrl) {
        SchemaMigration.sqliteFile(jdbcUrl).map(Path::getParent).ifPresent(folder -> {
            try {
                Files.createDirectories(folder);
            } catch (IOException e) {
                throw new RepositoryException("cannot create the folder " + folder + " of the repository: "
                        + e.getMessage(), e);
            }
        });
    }

    /**
     * A connection outside the pool to a database server, which tells at once whether it answers; none for SQLite,
     * a file that is there or not.
     */
    private static Optional<Database.DirectConnection> directConnection(DatabaseConfig config, Dialect dialect) {
        if (dialect == Dialect.SQLITE) {
            return Optional.empty();
        }
        return Optional.of(() -> {
            Properties properties = new Properties();
            config.user().ifPresent(user -> properties.setProperty("user", user));
            config.password().ifPresent(secret -> properties.setProperty("password", secret.reveal()));
            properties.setProperty("connectTimeout", String.valueOf(DIRECT_CONNECT_TIMEOUT_SECONDS));
            properties.setProperty("loginTimeout", String.valueOf(DIRECT_CONNECT_TIMEOUT_SECONDS));
            return DriverManager.getConnection(config.jdbcUrl(), properties);
        });
    }

    private static HikariConfig poolConfig(DatabaseConfig config, Dialect dialect) {
        HikariConfig hikari = new HikariConfig();
        hikari.setPoolName("mosaicod-repository");
        hikari.setJdbcUrl(config.jdbcUrl());
        config.user().ifPresent(hikari::setUsername);
        config.password().ifPresent(secret -> hikari.setPassword(secret.reveal()));
        hikari.setMaximumPoolSize(config.maxConnections());
        if (dialect == Dialect.SQLITE) {
            // per-connection settings: SQLite forgets them when a connection closes
            hikari.addDataSourceProperty("foreign_keys", "true");
            hikari.addDataSourceProperty("journal_mode", "WAL");
            hikari.addDataSourceProperty("busy_timeout", String.valueOf(SQLITE_BUSY_TIMEOUT_MS));
        }
        return hikari;
    }

    @Override
    public Catalog catalog() {
        return catalog;
    }

    @Override
    public CatalogSearch search() {
        return search;
    }

    @Override
    public UploadClaims uploadClaims() {
        return uploadClaims;
    }

    @Override
    public OptimizationQueue optimizationQueue() {
        return queue;
    }

    @Override
    public CleanupLedger cleanupLedger() {
        return cleanupLedger;
    }

    @Override
    public InstanceRegistry instances() {
        return instances;
    }

    @Override
    public ApiKeys apiKeys() {
        return apiKeys;
    }

    @Override
    public Instant now() {
        return database.read("read the database clock",
                connection -> Instant.ofEpochMilli(database.queryLong(connection, now)));
    }

    @Override
    public void close() {
        database.close();
        pool.close();
    }
}
