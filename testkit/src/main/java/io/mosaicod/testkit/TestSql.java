package io.mosaicod.testkit;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.Secret;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Direct SQL for what a test must do behind the repository's back: empty the database between tests, or age
 * a timestamp (the repository has, rightly, no API to backdate one). Works on any database a
 * {@link DatabaseConfig} names whose JDBC driver is on the test's classpath.
 */
public final class TestSql {
    /**
     * Every table the db module's migrations create, children before parents so that no delete trips a
     * foreign key (PostgreSQL enforces them on every connection).
     */
    private static final String[] TABLES = {"optimization_run", "topic_optimization", "notification",
        "chunk_column_stats", "chunk", "topic_metadata_value", "topic", "session", "sequence_metadata_value",
        "sequence", "retired_folder", "metadata_key", "cleanup_log", "routine_lease", "instance_registry", "api_key"};

    private TestSql() {
    }

    /** Deletes every row of every table, leaving the schema (and its migration history) in place. */
    public static void wipe(DatabaseConfig config) {
        String[] deletes = new String[TABLES.length];
        for (int i = 0; i < TABLES.length; i++) {
            deletes[i] = "DELETE FROM " + TABLES[i];
        }
        execute(config, deletes);
    }

    /** Runs the statements in order on one connection in autocommit mode. */
    public static void execute(DatabaseConfig config, String... statements) {
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
}
