package io.mosaicod.db.jdbc;

import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.TopicSelection;
import io.mosaicod.db.TopicState;
import io.mosaicod.db.TopicSummary;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * {@link io.mosaicod.db.Catalog#summarizeTopics} in one statement: topics in locator order joined with their
 * chunks and grouped by locator, so both databases walk the locator index and hand out each topic's line as soon
 * as its chunks are summed (a {@code LIMIT} stops the walk), instead of one query per topic.
 */
final class TopicSummaries {
    private static final String LEASED =
            "EXISTS (SELECT 1 FROM topic_optimization q WHERE q.topic_id = t.id AND q.lease_token IS NOT NULL)";
    private static final String NOT_OPTIMIZED = "t.optimized_at_ms IS NULL";

    private final Database database;
    private final CatalogRows rows;

    TopicSummaries(Database database, CatalogRows rows) {
        this.database = database;
        this.rows = rows;
    }

    void each(TopicSelection selection, Consumer<TopicSummary> each) {
        Statement statement = statement(selection);
        int maxAttempts = selection.maxAttempts();
        database.stream("list topics", statement.sql(), row -> summary(row, maxAttempts), each,
                statement.parameters());
    }

    /** The SQL of a selection and its parameters, in order. */
    record Statement(String sql, Object[] parameters) {
    }

    static Statement statement(TopicSelection selection) {
        List<String> conditions = new ArrayList<>();
        List<Object> parameters = new ArrayList<>();
        selection.sequenceLocator().ifPresent(locator -> {
            conditions.add("t.sequence_id = (SELECT s.id FROM sequence s WHERE s.locator = ?)");
            parameters.add(locator);
        });
        selection.state().ifPresent(state -> conditions.add(shows(state, selection.maxAttempts())));
        parameters.add(selection.limit());
        String sql = "SELECT " + topicColumns() + """
                , COUNT(c.id) AS chunk_count, COALESCE(SUM(c.size_bytes), 0) AS chunk_bytes,
                       COALESCE(SUM(c.row_count), 0) AS chunk_rows,
                       """ + LEASED + " AS leased, " + JdbcOptimizationQueue.FAILED_ATTEMPTS + """
                 AS failed_attempts
                FROM topic t LEFT JOIN chunk c ON c.topic_id = t.id
                """ + (conditions.isEmpty() ? "" : "WHERE " + String.join(" AND ", conditions) + "\n") + """
                GROUP BY t.locator, t.id
                ORDER BY t.locator, t.id
                LIMIT ?""";
        return new Statement(sql, parameters.toArray());
    }

    private TopicSummary summary(ResultSet row, int maxAttempts) throws SQLException {
        boolean givenUp = maxAttempts != OptimizationQueue.NO_ATTEMPT_LIMIT
                && row.getInt("failed_attempts") >= maxAttempts;
        return new TopicSummary(rows.topic(row), row.getInt("chunk_count"), row.getLong("chunk_bytes"),
                row.getLong("chunk_rows"), row.getBoolean("leased"), givenUp);
    }

    /** The predicate of {@link TopicSummary#shows}, over topic {@code t}. */
    private static String shows(TopicState state, int maxAttempts) {
        String givenUp = maxAttempts == OptimizationQueue.NO_ATTEMPT_LIMIT ? "1 = 0"
                : JdbcOptimizationQueue.FAILED_ATTEMPTS + " >= " + maxAttempts;
        return switch (state) {
            case UPLOADING -> "NOT t.locked AND t.upload_completed_at_ms IS NULL";
            case COMPLETE -> "NOT t.locked AND t.upload_completed_at_ms IS NOT NULL";
            case LOCKED -> "t.locked";
            case OPTIMIZED -> "t.optimized_at_ms IS NOT NULL";
            case OPTIMIZING -> NOT_OPTIMIZED + " AND " + LEASED;
            case GIVEN_UP -> NOT_OPTIMIZED + " AND NOT " + LEASED + " AND " + givenUp;
            case NOT_OPTIMIZED -> NOT_OPTIMIZED + " AND NOT " + LEASED + " AND NOT (" + givenUp + ")";
        };
    }

    /** The topic's own columns, named as {@link CatalogRows#topic} reads them. */
    private static String topicColumns() {
        return Arrays.stream(CatalogRows.TOPIC_COLUMNS.split(","))
                .map(column -> "t." + column.strip()).collect(Collectors.joining(", "));
    }
}
