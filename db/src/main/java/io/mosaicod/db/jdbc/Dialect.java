package io.mosaicod.db.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * What differs between the two supported databases. Statements are written once, with two placeholders
 * this object fills in: {@code {now_ms}} (the database clock as epoch milliseconds) and
 * {@code {skip_locked}} (the row-locking clause of the queue's acquisition query).
 */
enum Dialect {
    SQLITE("CAST(unixepoch('subsec') * 1000 AS INTEGER)", "", "db/migration/sqlite") {
        /*
         * An explicit BEGIN IMMEDIATE takes the database's write lock up front (waiting up to the busy
         * timeout), so a transaction never fails half-way trying to upgrade a read lock. The driver's own
         * IMMEDIATE mode is not used: it re-opens a write transaction right after each commit.
         */
        @Override
        void beginWrite(Connection connection) throws SQLException {
            execute(connection, "BEGIN IMMEDIATE");
        }

        @Override
        void commit(Connection connection) throws SQLException {
            execute(connection, "COMMIT");
        }

        @Override
        void rollback(Connection connection) throws SQLException {
            execute(connection, "ROLLBACK");
        }

        @Override
        boolean isForeignKeyViolation(SQLException e) {
            return e instanceof SQLiteException s && s.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_FOREIGNKEY;
        }

        @Override
        boolean isUniqueViolation(SQLException e) {
            return e instanceof SQLiteException s
                    && (s.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE
                    || s.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_PRIMARYKEY);
        }

        @Override
        void setUuid(PreparedStatement statement, int index, UUID uuid) throws SQLException {
            statement.setString(index, uuid.toString());
        }

        @Override
        UUID getUuid(ResultSet row, String column) throws SQLException {
            return UUID.fromString(row.getString(column));
        }
    },

    POSTGRESQL("CAST(FLOOR(EXTRACT(EPOCH FROM statement_timestamp()) * 1000) AS BIGINT)", " FOR UPDATE SKIP LOCKED",
            "db/migration/postgresql") {
        @Override
        void beginWrite(Connection connection) throws SQLException {
            connection.setAutoCommit(false);
        }

        @Override
        void commit(Connection connection) throws SQLException {
            connection.commit();
            connection.setAutoCommit(true);
        }

        @Override
        void rollback(Connection connection) throws SQLException {
            connection.rollback();
            connection.setAutoCommit(true);
        }

        @Override
        boolean isUniqueViolation(SQLException e) {
            return "23505".equals(e.getSQLState());
        }

        @Override
        boolean isForeignKeyViolation(SQLException e) {
            return "23503".equals(e.getSQLState());
        }

        @Override
        void setUuid(PreparedStatement statement, int index, UUID uuid) throws SQLException {
            statement.setObject(index, uuid);
        }

        @Override
        UUID getUuid(ResultSet row, String column) throws SQLException {
            return row.getObject(column, UUID.class);
        }
    };

    private final String nowMs;
    private final String skipLocked;
    private final String migrationLocation;

    Dialect(String nowMs, String skipLocked, String migrationLocation) {
        this.nowMs = nowMs;
        this.skipLocked = skipLocked;
        this.migrationLocation = migrationLocation;
    }

    static Dialect of(String jdbcUrl) {
        if (jdbcUrl.startsWith("jdbc:sqlite:")) {
            return SQLITE;
        }
        if (jdbcUrl.startsWith("jdbc:postgresql:")) {
            return POSTGRESQL;
        }
        throw new IllegalArgumentException("unsupported database URL '" + jdbcUrl
                + "': expected jdbc:sqlite:<file> or jdbc:postgresql://host:port/db");
    }

    /** Fills in this dialect's clauses; done once per statement when the repository opens. */
    String render(String sql) {
        return sql.replace("{now_ms}", nowMs).replace("{skip_locked}", skipLocked);
    }

    /** Classpath location of this dialect's Flyway migrations. */
    String migrationLocation() {
        return "classpath:" + migrationLocation;
    }

    /** Starts a transaction that will write: under it, the database's writers are serialized. */
    abstract void beginWrite(Connection connection) throws SQLException;

    abstract void commit(Connection connection) throws SQLException;

    /** Undoes the transaction {@link #beginWrite} opened. */
    abstract void rollback(Connection connection) throws SQLException;

    abstract boolean isUniqueViolation(SQLException e);

    /** Whether {@code e} says a row refers to one that does not exist (deleted by a concurrent request). */
    abstract boolean isForeignKeyViolation(SQLException e);

    abstract void setUuid(PreparedStatement statement, int index, UUID uuid) throws SQLException;

    abstract UUID getUuid(ResultSet row, String column) throws SQLException;

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
