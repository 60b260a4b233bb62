package io.mosaicod.testkit;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.Secret;
import io.mosaicod.core.config.Settings;
import java.util.Map;
import java.util.Optional;

/** A database created for one test class on the {@link PostgresServer}; closing it drops it. */
public final class PostgresDatabase implements TestDatabase {
    /** Pool size of {@link #config()}: a few, for tests whose code under test calls from several threads. */
    private static final int TEST_CONNECTIONS = 4;

    private final PostgresServer server;
    private final String name;
    private final String jdbcUrl;
    private final String user;
    private final String password;

    PostgresDatabase(PostgresServer server, String name, String jdbcUrl, String user, String password) {
        this.server = server;
        this.name = name;
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
    }

    public String name() {
        return name;
    }

    public String jdbcUrl() {
        return jdbcUrl;
    }

    public String user() {
        return user;
    }

    public String password() {
        return password;
    }

    @Override
    public DatabaseConfig config() {
        return config(TEST_CONNECTIONS);
    }

    public DatabaseConfig config(int maxConnections) {
        return new DatabaseConfig(jdbcUrl, Optional.of(user), Optional.of(new Secret(password)), maxConnections);
    }

    /** The variables that point a mosaicod process at this database, as an operator would configure it. */
    public Map<String, String> environment() {
        return Map.of(Settings.DB_URL.env(), jdbcUrl, Settings.DB_USER.env(), user,
                Settings.DB_PASSWORD.env(), password);
    }

    @Override
    public void close() {
        server.dropDatabase(name);
    }
}
