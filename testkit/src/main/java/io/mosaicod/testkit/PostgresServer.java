package io.mosaicod.testkit;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The PostgreSQL server tests run against: the one named by {@value #URL_VARIABLE} if set (a
 * {@code postgresql://user:pass@host:port/db} or {@code jdbc:postgresql://host:port/db?user=..&password=..}
 * URL whose user may create databases), otherwise one embedded PostgreSQL 17 started on first use and
 * shared by the whole test JVM. Tests never share a database: each asks for a fresh one.
 */
public final class PostgresServer {
    public static final String URL_VARIABLE = "MOSAICOD_TEST_DB_URL";

    private static PostgresServer shared;
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private final String host;
    private final int port;
    private final String adminDatabase;
    private final String user;
    private final String password;

    private PostgresServer(String host, int port, String adminDatabase, String user, String password) {
        this.host = host;
        this.port = port;
        this.adminDatabase = adminDatabase;
        this.user = user;
        this.password = password;
    }

    /** The server for this JVM, started (or connected to) on the first call. */
    public static synchronized PostgresServer shared() {
        if (shared == null) {
            String url = System.getenv(URL_VARIABLE);
            shared = url == null || url.isBlank() ? startEmbedded() : fromUrl(url);
        }
        return shared;
    }

    private static PostgresServer startEmbedded() {
        try {
            // the embedded server registers its own shutdown hook, which stops it when the JVM exits
            EmbeddedPostgres embedded = EmbeddedPostgres.builder().start();
            return new PostgresServer("localhost", embedded.getPort(), "postgres", "postgres", "postgres");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the embedded PostgreSQL server", e);
        }
    }

    static PostgresServer fromUrl(String url) {
        URI uri = URI.create(url.startsWith("jdbc:") ? url.substring("jdbc:".length()) : url);
        if (!"postgresql".equals(uri.getScheme()) && !"postgres".equals(uri.getScheme())) {
            throw new IllegalArgumentException(URL_VARIABLE + " must be a postgresql:// or jdbc:postgresql:// URL, got "
                    + uri.getScheme() + "://...");
        }
        Map<String, String> query = queryParameters(uri.getRawQuery());
        String user = "postgres";
        String password = "";
        if (uri.getRawUserInfo() != null) {
            String[] parts = uri.getRawUserInfo().split(":", 2);
            user = decode(parts[0]);
            password = parts.length > 1 ? decode(parts[1]) : "";
        }
        user = query.getOrDefault("user", user);
        password = query.getOrDefault("password", password);
        String database = uri.getPath() == null || uri.getPath().length() <= 1 ? "postgres" : uri.getPath().substring(1);
        return new PostgresServer(uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(), database, user, password);
    }

    private static Map<String, String> queryParameters(String rawQuery) {
        Map<String, String> parameters = new HashMap<>();
        if (rawQuery != null) {
            for (String pair : rawQuery.split("&")) {
                String[] kv = pair.split("=", 2);
                parameters.put(decode(kv[0]), kv.length > 1 ? decode(kv[1]) : "");
            }
        }
        return parameters;
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }

    /** A {@code postgresql://} URL of this server's administrative database, credentials included. */
    public String adminUrl() {
        return "postgresql://" + encode(user) + ":" + encode(password) + "@" + host + ":" + port + "/" + adminDatabase;
    }

    private static String encode(String text) {
        return java.net.URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    /** Creates an empty database with a unique name; close it to drop it. */
    public PostgresDatabase createDatabase() {
        String name = "mosaicod_test_" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
        administer("CREATE DATABASE " + name);
        return new PostgresDatabase(this, name, jdbcUrl(name), user, password);
    }

    void dropDatabase(String name) {
        administer("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }

    private void administer(String sql) {
        try (Connection connection = DriverManager.getConnection(jdbcUrl(adminDatabase), user, password);
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL at " + host + ":" + port + " refused `" + sql + "`: "
                    + e.getMessage(), e);
        }
    }

    private String jdbcUrl(String database) {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database;
    }
}
