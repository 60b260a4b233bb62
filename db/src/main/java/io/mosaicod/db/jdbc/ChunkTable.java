package io.mosaicod.db.jdbc;

import io.mosaicod.db.Chunk;
import io.mosaicod.db.ColumnStats;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.NumericColumnStats;
import io.mosaicod.db.TextColumnStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Writing and reading chunk rows with their column statistics: shared by ingestion (one chunk at a time)
 * and the optimizer's commit (a topic's chunks replaced at once). Callers own the transaction.
 */
final class ChunkTable {
    private static final String INSERT_CHUNK = """
            INSERT INTO chunk (uuid, topic_id, ordinal, object_key, size_bytes, arrow_size_bytes, row_count,
                               min_timestamp_ns, max_timestamp_ns, sorted)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            RETURNING""" + " " + CatalogRows.CHUNK_COLUMNS;
    private static final String INSERT_STATS = """
            INSERT INTO chunk_column_stats (chunk_id, column_path, kind, min_number, max_number, min_text, max_text,
                                            has_null, has_nan)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""";
    private static final String SELECT_STATS = """
            SELECT column_path, kind, min_number, max_number, min_text, max_text, has_null, has_nan
            FROM chunk_column_stats WHERE chunk_id = ? ORDER BY column_path""";
    private static final String SELECT_TOPIC_STATS = """
            SELECT s.chunk_id, column_path, kind, min_number, max_number, min_text, max_text, has_null, has_nan
            FROM chunk_column_stats s JOIN chunk c ON c.id = s.chunk_id
            WHERE c.topic_id IN (%s) AND s.column_path IN (%s)""";
    private static final String SELECT_CHUNKS_WITH_NULLS = """
            SELECT s.chunk_id FROM chunk_column_stats s JOIN chunk c ON c.id = s.chunk_id
            WHERE c.topic_id = ? AND s.column_path = ? AND s.has_null = ?""";
    private static final String DELETE_TOPIC_CHUNKS = "DELETE FROM chunk WHERE topic_id = ?";

    private final Database database;
    private final CatalogRows rows;
    private final ColumnSummaries summaries;

    ChunkTable(Database database, CatalogRows rows) {
        this.database = database;
        this.rows = rows;
        this.summaries = new ColumnSummaries(database);
    }

    Chunk insert(Connection connection, long topicId, NewChunk chunk) throws SQLException {
        try (Inserts inserts = inserts(connection)) {
            return inserts.insert(topicId, chunk);
        }
    }

    /** Inserting many chunks in one transaction: statements prepared once, statistics rows sent in one batch. */
    Inserts inserts(Connection connection) throws SQLException {
        return new Inserts(connection);
    }

    /**
     * The chunk and statistics statements of one transaction, prepared once for all its chunks: preparing them per
     * chunk was a large share of a group commit's time with small chunks (docs/benchmarks.md, fleet). Closing sends
     * the statistics rows not sent yet; the caller's transaction must not end before.
     */
    final class Inserts implements AutoCloseable {
        private final PreparedStatement chunk;
        private final PreparedStatement stats;
        private int pendingStats;

        private Inserts(Connection connection) throws SQLException {
            chunk = connection.prepareStatement(INSERT_CHUNK);
            try {
                stats = connection.prepareStatement(INSERT_STATS);
            } catch (SQLException | RuntimeException e) {
                chunk.close();
                throw e;
            }
        }

        Chunk insert(long topicId, NewChunk added) throws SQLException {
            database.bindAll(chunk, UUID.randomUUID(), topicId, added.ordinal(), added.objectKey(), added.sizeBytes(),
                    added.arrowSizeBytes(), added.rowCount(), Rows.orNull(added.minTimestampNs()),
                    Rows.orNull(added.maxTimestampNs()), added.sorted());
            Chunk inserted;
            try (ResultSet row = chunk.executeQuery()) {
                if (!row.next()) {
                    throw new SQLException("INSERT ... RETURNING returned no chunk row");
                }
                inserted = rows.chunk(row);
            }
            for (ColumnStats column : added.columnStats()) {
                addStats(inserted.id(), column);
            }
            return inserted;
        }

        private void addStats(long chunkId, ColumnStats column) throws SQLException {
            stats.setLong(1, chunkId);
            stats.setString(2, column.columnPath());
            stats.setBoolean(8, column.hasNull());
            if (column instanceof NumericColumnStats numeric) {
                stats.setString(3, "numeric");
                setDouble(stats, 4, numeric.min().isPresent(), numeric.min().orElse(0));
                setDouble(stats, 5, numeric.max().isPresent(), numeric.max().orElse(0));
                stats.setNull(6, Types.VARCHAR);
                stats.setNull(7, Types.VARCHAR);
                stats.setBoolean(9, numeric.hasNan());
            } else if (column instanceof TextColumnStats text) {
                stats.setString(3, "text");
                stats.setNull(4, Types.DOUBLE);
                stats.setNull(5, Types.DOUBLE);
                stats.setString(6, text.min().orElse(null));
                stats.setString(7, text.max().orElse(null));
                stats.setBoolean(9, false);
            }
            stats.addBatch();
            pendingStats++;
        }

        @Override
        public void close() throws SQLException {
            try (chunk; stats) {
                if (pendingStats > 0) {
                    stats.executeBatch();
                }
            }
        }
    }

    /**
     * Summarizes the column statistics of a completed topic's chunks (V9), after they changed: its upload completed,
     * or its chunks were replaced or added to.
     */
    void summarize(Connection connection, long topicId) throws SQLException {
        summaries.replace(connection, topicId);
    }

    /** Deletes the topic's chunks; their statistics go with them (ON DELETE CASCADE). */
    void deleteAllOf(Connection connection, long topicId) throws SQLException {
        database.update(connection, DELETE_TOPIC_CHUNKS, topicId);
    }

    Set<Long> withNulls(Connection connection, long topicId, String columnPath) throws SQLException {
        return Set.copyOf(database.list(connection, SELECT_CHUNKS_WITH_NULLS, r -> r.getLong(1), topicId, columnPath,
                true));
    }

    List<ColumnStats> stats(Connection connection, long chunkId) throws SQLException {
        return database.list(connection, SELECT_STATS, ChunkTable::columnStats, chunkId);
    }

    Map<Long, List<ColumnStats>> stats(Connection connection, List<Long> topicIds, Set<String> columnPaths)
            throws SQLException {
        List<Object> parameters = new ArrayList<>(topicIds);
        parameters.addAll(columnPaths);
        String sql = SELECT_TOPIC_STATS.formatted(TopicBatches.placeholders(topicIds.size()),
                TopicBatches.placeholders(columnPaths.size()));
        Map<Long, List<ColumnStats>> byChunk = new HashMap<>();
        database.list(connection, sql, row -> byChunk.computeIfAbsent(row.getLong("chunk_id"), id -> new ArrayList<>())
                .add(columnStats(row)), parameters.toArray());
        return byChunk;
    }

    private static void setDouble(PreparedStatement statement, int index, boolean present, double value)
            throws SQLException {
        if (present) {
            statement.setDouble(index, value);
        } else {
            statement.setNull(index, Types.DOUBLE);
        }
    }

    private static ColumnStats columnStats(ResultSet row) throws SQLException {
        String path = row.getString("column_path");
        boolean hasNull = row.getBoolean("has_null");
        if ("numeric".equals(row.getString("kind"))) {
            return new NumericColumnStats(path, Rows.optionalDouble(row, "min_number"),
                    Rows.optionalDouble(row, "max_number"), hasNull, row.getBoolean("has_nan"));
        }
        return new TextColumnStats(path, Rows.optionalString(row, "min_text"), Rows.optionalString(row, "max_text"),
                hasNull);
    }
}
