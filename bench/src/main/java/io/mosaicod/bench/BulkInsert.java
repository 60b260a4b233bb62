package io.mosaicod.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Collections;
import java.util.UUID;

/**
 * Rows of one table inserted {@value #ROWS_PER_STATEMENT} at a time by one multi-row {@code INSERT}, its statement
 * prepared once: on both databases this is one round trip and one parse per few hundred rows, which is what lets
 * the catalog-scale scenario insert a million topics' rows in minutes. Ids are given explicitly (PostgreSQL's
 * {@code GENERATED ALWAYS} identities need {@code OVERRIDING SYSTEM VALUE} for that).
 */
final class BulkInsert implements AutoCloseable {
    static final int ROWS_PER_STATEMENT = 200;

    private final Connection connection;
    private final String table;
    private final String columns;
    private final int width;
    private final boolean postgres;
    private final PreparedStatement full;
    private final Object[][] pending = new Object[ROWS_PER_STATEMENT][];
    private int rows;
    private long inserted;

    BulkInsert(Connection connection, boolean postgres, String table, String columns) throws SQLException {
        this.connection = connection;
        this.table = table;
        this.columns = columns;
        this.width = columns.split(",").length;
        this.postgres = postgres;
        this.full = connection.prepareStatement(sql(ROWS_PER_STATEMENT));
    }

    private String sql(int rowCount) {
        String row = "(" + String.join(", ", Collections.nCopies(width, "?")) + ")";
        return "INSERT INTO " + table + " (" + columns + ")" + (postgres ? " OVERRIDING SYSTEM VALUE" : "")
                + " VALUES " + String.join(", ", Collections.nCopies(rowCount, row));
    }

    /** One row, its values in the order of the columns; sent once a statement's worth is pending. */
    void row(Object... values) throws SQLException {
        if (values.length != width) {
            throw new IllegalArgumentException(table + ": " + values.length + " values for " + width + " columns");
        }
        pending[rows++] = values;
        if (rows == ROWS_PER_STATEMENT) {
            send(full);
        }
    }

    /** The rows given so far, sent or pending (closing sends the pending ones). */
    long rows() {
        return inserted + rows;
    }

    private void send(PreparedStatement statement) throws SQLException {
        for (int r = 0; r < rows; r++) {
            bind(statement, r * width, pending[r]);
        }
        statement.executeUpdate();
        inserted += rows;
        rows = 0;
    }

    private void bind(PreparedStatement statement, int offset, Object[] values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            int index = offset + i + 1;
            Object value = values[i];
            if (value == null) {
                statement.setNull(index, Types.NULL);
            } else if (value instanceof UUID uuid && !postgres) {
                statement.setString(index, uuid.toString()); // SQLite keeps UUIDs as text, PostgreSQL as uuid
            } else {
                statement.setObject(index, value);
            }
        }
    }

    /** Sends the rows of a statement not yet full, in a statement of their size. */
    @Override
    public void close() throws SQLException {
        try (full) {
            if (rows > 0) {
                try (PreparedStatement rest = connection.prepareStatement(sql(rows))) {
                    send(rest);
                }
            }
        }
    }
}
