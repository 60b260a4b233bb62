package io.mosaicod.db.jdbc;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.metrics.BackendErrors;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RepositoryException;
import java.nio.file.Path;
import java.util.Optional;

/** Opens the repository a configuration names. */
public final class Repositories {
    private Repositories() {
    }

    /**
     * Connects to SQLite ({@code jdbc:sqlite:<file>}, created if missing) or PostgreSQL
     * ({@code jdbc:postgresql://...}), with a pool of {@link DatabaseConfig#maxConnections()} connections,
     * and migrates the schema to the latest version.
     *
     * @throws RepositoryException naming the URL if the database is unreachable or cannot be migrated
     */
    public static Repository open(DatabaseConfig config) {
        return open(config, BackendErrors.NONE);
    }

    /** The file of an embedded (SQLite) repository, whether it exists or not; empty for any other. */
    public static Optional<Path> embeddedFile(DatabaseConfig config) {
        return config.jdbcUrl().startsWith("jdbc:sqlite:") ? SchemaMigration.sqliteFile(config.jdbcUrl())
                : Optional.empty();
    }

    /** The same, reporting every failed operation to {@code errors} (a process's metrics). */
    public static Repository open(DatabaseConfig config, BackendErrors errors) {
        return JdbcRepository.open(config, errors);
    }
}
