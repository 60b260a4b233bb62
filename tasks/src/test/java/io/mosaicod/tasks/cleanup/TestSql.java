package io.mosaicod.tasks.cleanup;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.Secret;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Direct SQL for what a test must do behind the repository's back: empty the database between tests, or age
 * a heartbeat by days (the registry has, rightly, no API to backdate one).
 */
final class TestSql {
    private static final String[] TABLES = {"optimization_run", "topic_optimization", "notification",
        "chunk_column_stats", "chunk", "topic", "session", "sequence", "cleanup_log", "routine_lease",
        "instance_registry"};

    private TestSql() {
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
