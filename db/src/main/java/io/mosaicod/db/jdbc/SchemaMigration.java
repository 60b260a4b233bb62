package io.mosaicod.db.jdbc;

import io.mosaicod.db.RepositoryException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/** Brings a database's schema to the latest version with Flyway. */
final class SchemaMigration {
    /** Serializes SQLite migrations inside this JVM; a file lock is held per process, not per thread. */
    private static final Object SQLITE_MIGRATIONS = new Object();

    private SchemaMigration() {
    }

    /**
     * The newest migration this build carries, {@code V<n>__*.sql} under each dialect's migration folder
     * ({@code SchemaMigrationTest} keeps it true).
     */
    static final String LATEST_VERSION = "8";
    private static final String LATEST_APPLIED =
            "SELECT COUNT(*) FROM flyway_schema_history WHERE version = '" + LATEST_VERSION + "' AND success";

    static void migrate(DataSource dataSource, Dialect dialect, String jdbcUrl) {
        if (latestApplied(dataSource)) {
            return; // Flyway would only find that out, slowly: it is on every command's start-up
        }
        Flyway flyway = Flyway.configure().dataSource(dataSource).locations(dialect.migrationLocation()).load();
        Optional<Path> sqliteFile = dialect == Dialect.SQLITE ? sqliteFile(jdbcUrl) : Optional.empty();
        try {
            if (sqliteFile.isPresent()) {
                migrateExclusively(flyway, sqliteFile.get());
            } else {
                flyway.migrate(); // on PostgreSQL, Flyway serializes concurrent migrations itself
            }
        } catch (FlywayException e) {
            throw new RepositoryException("cannot migrate the repository schema at " + jdbcUrl + ": "
                    + e.getMessage(), e);
        }
    }

    /** Whether the latest migration is recorded as applied; false for a new database (no history yet). */
    private static boolean latestApplied(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection();
             Statement statement = connection.createStatement();
             ResultSet count = statement.executeQuery(LATEST_APPLIED)) {
            return count.next() && count.getLong(1) > 0;
        } catch (SQLException noHistoryYet) {
            return false;
        }
    }

    /*
     * Flyway takes no lock on SQLite, and processes starting together on a fresh file fail with SQLITE_BUSY:
     * its deferred transaction cannot upgrade a read lock while another writer holds the file (the busy
     * timeout does not apply then). A lock file beside the database makes them migrate one after the other.
     * It is a separate file because closing any descriptor of the database file itself would drop SQLite's
     * own POSIX locks.
     */
    private static void migrateExclusively(Flyway flyway, Path databaseFile) {
        Path lockFile = databaseFile.resolveSibling(databaseFile.getFileName() + ".migration-lock");
        synchronized (SQLITE_MIGRATIONS) {
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                FileLock lock = channel.lock();
                try {
                    flyway.migrate();
                } finally {
                    lock.release();
                }
            } catch (IOException e) {
                throw new RepositoryException("cannot lock " + lockFile + " to migrate the repository schema: "
                        + e.getMessage(), e);
            }
        }
    }

    /** The database file of a {@code jdbc:sqlite:} URL; empty for an in-memory database. */
    static Optional<Path> sqliteFile(String jdbcUrl) {
        String location = jdbcUrl.substring("jdbc:sqlite:".length());
        int query = location.indexOf('?');
        if (query >= 0) {
            location = location.substring(0, query);
        }
        if (location.startsWith("file:")) {
            location = location.substring("file:".length());
        }
        if (location.isEmpty() || location.equals(":memory:")) {
            return Optional.empty();
        }
        return Optional.of(Path.of(location).toAbsolutePath());
    }
}
