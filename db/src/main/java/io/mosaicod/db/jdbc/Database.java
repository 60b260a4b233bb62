package io.mosaicod.db.jdbc;

import io.mosaicod.core.Availability;
import io.mosaicod.core.metrics.BackendErrors;
import io.mosaicod.db.ConcurrentDeletionException;
import io.mosaicod.db.RepositoryException;
import io.mosaicod.db.RepositoryUnavailableException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * Connections, transactions and statement plumbing shared by the repository's parts. Every failure
 * surfaces as a {@link RepositoryException} naming the operation.
 */
final class Database {
    private static final int PROBE_TIMEOUT_SECONDS = 2;
    /** Rows per fetch of a streamed read: few enough to hold, many enough that round trips do not count. */
    private static final int STREAM_FETCH_SIZE = 1000;

    @FunctionalInterface
    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    @FunctionalInterface
    interface RowMapper<T> {
        T map(ResultSet row) throws SQLException;
    }

    /** A connection to the database outside the pool, to learn whether the database itself answers. */
    @FunctionalInterface
    interface DirectConnection {
        Connection open() throws SQLException;
    }

    final Dialect dialect;
    private final DataSource dataSource;
    private final Optional<DirectConnection> direct;
    private final Availability availability;
    private final BackendErrors errors;

    /**
     * @param direct opens a connection without the pool, where the database is a server (the pool's own attempts
     *               to reconnect come up to 5 s apart): it tells when the database is back as soon as it is
     * @param where  names the repository in the lines that report it unavailable and back
     */
    Database(DataSource dataSource, Optional<DirectConnection> direct, Dialect dialect, String where,
             BackendErrors errors) {
        this.dataSource = dataSource;
        this.direct = direct;
        this.dialect = dialect;
        this.errors = errors;
        this.availability = new Availability("the repository at " + where, this::probe, Duration.ofSeconds(1));
    }

    /** Stops the availability probe; the pool is the repository's to close. */
    void close() {
        availability.close();
    }

    private void probe() throws SQLException {
        try (Connection connection = direct.isPresent() ? direct.get().open() : dataSource.getConnection()) {
            if (!connection.isValid(PROBE_TIMEOUT_SECONDS)) {
                throw new SQLTransientConnectionException("the connection did not answer");
            }
        }
    }

    /**
     * A connection from the pool. When the pool's wait runs out, the database may have come back during it
     * without the pool having tried it yet (its attempts to reconnect come up to 5 s apart): if the database
     * answers a direct connection, the request waits once more for the pool, which reconnects within that
     * interval, instead of failing a request the database could serve.
     */
    private Connection connection() throws SQLException {
        try {
            return dataSource.getConnection();
        } catch (SQLTransientConnectionException timedOut) {
            if (direct.isEmpty() || !answersDirectly(timedOut)) {
                throw timedOut;
            }
            return dataSource.getConnection();
        }
    }

    private boolean answersDirectly(SQLException timedOut) {
        try {
            probe();
            return true;
        } catch (SQLException stillDown) {
            timedOut.addSuppressed(stillDown);
            return false;
        }
    }

    /** Runs {@code work} on a connection in autocommit mode: each statement is its own transaction. */
    <T> T read(String operation, Work<T> work) {
        long started = System.nanoTime();
        try (Connection connection = connection()) {
            return work.run(connection);
        } catch (SQLException e) {
            throw failure(operation, e, started);
        }
    }

    /** Runs {@code work} in one write transaction, committed if it returns and rolled back if it throws. */
    <T> T write(String operation, Work<T> work) {
        long started = System.nanoTime();
        try (Connection connection = connection()) {
            dialect.beginWrite(connection);
            try {
                T result = work.run(connection);
                dialect.commit(connection);
                return result;
            } catch (SQLException | RuntimeException | Error e) {
                try {
                    dialect.rollback(connection);
                } catch (SQLException rollbackFailure) {
                    e.addSuppressed(rollbackFailure);
                }
                throw e;
            }
        } catch (SQLException e) {
            throw failure(operation, e, started);
        }
    }

    /** @param started when the operation began: an outage it failed of began no later */
    private RepositoryException failure(String operation, SQLException e, long started) {
        if (isUnreachable(e)) {
            errors.repositoryError();
            availability.lost(e, started);
            return new RepositoryUnavailableException("cannot " + operation + ": the repository is unavailable ("
                    + e.getMessage() + ")", e);
        }
        if (dialect.isForeignKeyViolation(e)) {
            // a race with a deletion, which the caller answers as such: not a failure of the repository
            return new ConcurrentDeletionException("cannot " + operation + ": what it refers to was deleted meanwhile",
                    e);
        }
        errors.repositoryError();
        return new RepositoryException("cannot " + operation + ": " + e.getMessage(), e);
    }

    /**
     * Whether the failure says the database did not answer rather than refused the statement: the pool's wait for
     * a connection timed out, or the driver reports a connection exception (SQL state class 08).
     */
    private static boolean isUnreachable(SQLException e) {
        String state = e.getSQLState();
        return e instanceof SQLTransientConnectionException || e instanceof SQLNonTransientConnectionException
                || state != null && state.startsWith("08");
    }

    int update(Connection connection, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, parameters)) {
            return statement.executeUpdate();
        }
    }

    <T> List<T> list(Connection connection, String sql, RowMapper<T> mapper, Object... parameters)
            throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, parameters);
             ResultSet rows = statement.executeQuery()) {
            List<T> result = new ArrayList<>();
            while (rows.next()) {
                result.add(mapper.map(rows));
            }
            return result;
        }
    }

    /**
     * Hands {@code each} the rows of {@code sql} as they are read, holding none: PostgreSQL's driver fetches a page
     * at a time only inside a transaction (else it reads the whole result first), so the read runs in one, which
     * changes nothing and is rolled back.
     */
    <T> void stream(String operation, String sql, RowMapper<T> mapper, Consumer<T> each, Object... parameters) {
        read(operation, connection -> {
            connection.setAutoCommit(false);
            try (PreparedStatement statement = prepare(connection, sql, parameters)) {
                statement.setFetchSize(STREAM_FETCH_SIZE);
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        each.accept(mapper.map(rows));
                    }
                }
            } finally {
                connection.rollback();
                connection.setAutoCommit(true);
            }
            return null;
        });
    }

    /** The first row of the result, if any; also how {@code ... RETURNING} statements are run. */
    <T> Optional<T> first(Connection connection, String sql, RowMapper<T> mapper, Object... parameters)
            throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, parameters);
             ResultSet rows = statement.executeQuery()) {
            return rows.next() ? Optional.of(mapper.map(rows)) : Optional.empty();
        }
    }

    long queryLong(Connection connection, String sql, Object... parameters) throws SQLException {
        return first(connection, sql, row -> row.getLong(1), parameters)
                .orElseThrow(() -> new SQLException("no row from: " + sql));
    }

    PreparedStatement prepare(Connection connection, String sql, Object... parameters) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            bindAll(statement, parameters);
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    /** Binds {@code parameters} in order, from the first; also how a statement prepared once is run again. */
    void bindAll(PreparedStatement statement, Object... parameters) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            bind(statement, i + 1, parameters[i]);
        }
    }

    /** Binds one parameter; instants are stored as epoch milliseconds, absent values as SQL NULL. */
    void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.NULL);
        } else if (value instanceof String s) {
            statement.setString(index, s);
        } else if (value instanceof Long l) {
            statement.setLong(index, l);
        } else if (value instanceof Integer i) {
            statement.setInt(index, i);
        } else if (value instanceof Boolean b) {
            statement.setBoolean(index, b);
        } else if (value instanceof Double d) {
            statement.setDouble(index, d);
        } else if (value instanceof UUID u) {
            dialect.setUuid(statement, index, u);
        } else if (value instanceof Instant t) {
            statement.setLong(index, t.toEpochMilli());
        } else {
            throw new IllegalArgumentException("cannot bind a " + value.getClass().getName() + " parameter");
        }
    }
}
