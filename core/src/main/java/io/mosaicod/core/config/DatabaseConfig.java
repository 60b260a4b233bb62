package io.mosaicod.core.config;

import java.util.Objects;
import java.util.Optional;

/**
 * Where the repository lives. {@code jdbcUrl} is already normalized to a JDBC URL
 * ({@code jdbc:sqlite:/path/mosaico.db} or {@code jdbc:postgresql://host:port/db}); the configuration loader
 * accepts mosaicod's {@code postgresql://user:pass@host/db} form too and splits the credentials out.
 */
public record DatabaseConfig(String jdbcUrl, Optional<String> user, Optional<Secret> password, int maxConnections) {
    public DatabaseConfig {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be >= 1, got " + maxConnections);
        }
    }

    public static DatabaseConfig sqlite(java.nio.file.Path file) {
        return new DatabaseConfig("jdbc:sqlite:" + file.toAbsolutePath(), Optional.empty(), Optional.empty(), 4);
    }

    public boolean isSqlite() {
        return jdbcUrl.startsWith("jdbc:sqlite:");
    }

    public boolean isPostgres() {
        return jdbcUrl.startsWith("jdbc:postgresql:");
    }
}
