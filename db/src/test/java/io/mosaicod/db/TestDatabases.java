package io.mosaicod.db;

import io.mosaicod.core.config.DatabaseConfig;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** Direct SQL for what tests must do behind the repository's back: empty it, or age a timestamp. */
final class TestDatabases {
    private static final String[] TABLES = {"optimization_run", "topic_optimization", "notification",
        "chunk_column_stats", "chunk", "topic", "session", "sequence", "cleanup_log", "routine_lease",
        "instance_registry"};

    private TestDatabases() {
    }

    static void wipe(DatabaseConfig config) {
        String[] deletes = new String[TABLES.length];
        for (int i = 0; i < TABLES.length; i++) {
            deletes[i] = "DELETE FROM " + TABLES[i];
        }
        execute(config, deletes);
    }

    static void execute(DatabaseConfig config, String... statements) {
        try (Connection connection = DriverManager.getConnection(config.jdbcUrl(), config.user().orElse(null),
                config.password().map(secret -> secret.reveal()).orElse(null));
             Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.executeUpdate(sql);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("test SQL failed: " + String.join("; ", statements), e);
        }
    }
}
