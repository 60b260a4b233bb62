package io.mosaicod.db.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Keeps a completed topic's column summaries (V9) equal to what its chunks' statistics combine to: written in the
 * transaction that completes its upload or replaces its chunks, so a search never sees a summary that misses a
 * chunk (which would let it rule out a topic that matches). Callers own the transaction.
 */
final class ColumnSummaries {
    private static final String DELETE = "DELETE FROM topic_column_summary WHERE topic_id = ?";
    /** The migration's backfill, for one topic, and only when it is complete (uploading topics have none). */
    private static final String INSERT = """
            INSERT INTO topic_column_summary (topic_id, column_path, kind, min_number, max_number, min_text,
                                              max_text, has_null, has_nan)
            SELECT c.topic_id, s.column_path,
                   CASE WHEN MIN(s.kind) = MAX(s.kind)
                             AND COUNT(*) = (SELECT COUNT(*) FROM chunk k WHERE k.topic_id = c.topic_id)
                        THEN MIN(s.kind) ELSE 'mixed' END,
                   MIN(s.min_number), MAX(s.max_number), MIN({min_text}), MAX({max_text}),
                   MAX(CASE WHEN s.has_null THEN 1 ELSE 0 END) = 1, MAX(CASE WHEN s.has_nan THEN 1 ELSE 0 END) = 1
            FROM topic t JOIN chunk c ON c.topic_id = t.id JOIN chunk_column_stats s ON s.chunk_id = c.id
            WHERE t.id = ? AND t.upload_completed_at_ms IS NOT NULL
            GROUP BY c.topic_id, s.column_path""";

    private final Database database;
    private final String insert;

    ColumnSummaries(Database database) {
        this.database = database;
        SearchDialect dialect = SearchDialect.of(database.dialect);
        this.insert = INSERT.replace("{min_text}", dialect.byCodePoint("s.min_text"))
                .replace("{max_text}", dialect.byCodePoint("s.max_text"));
    }

    /** Summarizes the topic's chunks anew; a topic still uploading is left without a summary. */
    void replace(Connection connection, long topicId) throws SQLException {
        database.update(connection, DELETE, topicId);
        database.update(connection, insert, topicId);
    }
}
