package io.mosaicod.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.search.SearchFilter;
import io.mosaicod.core.search.SearchFilterParser;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.Repository;
import io.mosaicod.db.TopicSelection;
import io.mosaicod.testkit.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The plans of the statements run on every request or pass, read from the database itself, so that a change of a
 * statement or an index cannot silently turn one of them into a read of every topic (issue 50). Run on SQLite and
 * PostgreSQL; each says how its plans name an index and a full read.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class HotStatementPlanContract {
    private TestDatabase database;
    private Connection connection;

    abstract TestDatabase createDatabase() throws Exception;

    /** A connection to it, set up to plan as on a catalog of many topics. */
    abstract Connection connect(TestDatabase database) throws SQLException;

    abstract Dialect dialect();

    /** The plan's text, one line per step. */
    abstract String explainPrefix();

    /** The index on {@code table}'s locator a literal-start glob reads a range of. */
    abstract String locatorPatternIndex(String table);

    /** Asserts the plan reads a range of {@code index} and reads no table in full. */
    abstract void assertSearches(String plan, String index);

    /** Asserts the plan reads {@code index}, maybe all of it (a partial index holds only what is asked for). */
    abstract void assertReadsThrough(String plan, String index);

    @BeforeAll
    void migrate() throws Exception {
        database = createDatabase();
        try (Repository migrated = Repositories.open(database.config())) {
            assertThat(migrated).isNotNull(); // the migrations ran
        }
        connection = connect(database);
    }

    @AfterAll
    void close() throws Exception {
        connection.close();
        database.close();
    }

    String plan(String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(explainPrefix() + sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            List<String> lines = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                int column = rows.getMetaData().getColumnCount();
                while (rows.next()) {
                    lines.add(rows.getString(column));
                }
            }
            return String.join("\n", lines);
        }
    }

    private String searchPlan(String filter) throws SQLException {
        SearchFilter parsed = SearchFilterParser.parse(filter.getBytes(StandardCharsets.UTF_8));
        SearchStatement statement = new SearchStatement(SearchDialect.of(dialect()), List.of(), parsed.sequence(),
                parsed.topic(), parsed.ontology());
        return plan(statement.sql(), statement.parameters());
    }

    @Test
    void theTopicsLeftToOptimizeAreFoundThroughTheirPartialIndex() throws SQLException {
        String unqueued = dialect().render("SELECT COUNT(*) " + JdbcOptimizationQueue.TO_ENQUEUE.replace("{scope}", ""));
        assertReadsThrough(plan(unqueued, 3), "topic_to_optimize_idx");
    }

    @Test
    void creationTimeConditionsReadARangeOfTheCreationIndexes() throws SQLException {
        assertSearches(searchPlan("{\"topic\":{\"created_at_ns\":{\"$gt\":1772323200000000001}}}"),
                "topic_created_idx");
        assertSearches(searchPlan("{\"topic\":{\"created_at_ns\":{\"$between\":[1,1772323200000000000]}}}"),
                "topic_created_idx");
        assertSearches(searchPlan("{\"sequence\":{\"created_at_ns\":{\"$leq\":1772323200000000000}}}"),
                "sequence_created_idx");
    }

    @Test
    void globsWithALiteralStartReadARangeOfTheLocatorIndexes() throws SQLException {
        assertSearches(searchPlan("{\"topic\":{\"name\":{\"$match\":\"run_0002/*\"}}}"), locatorPatternIndex("topic"));
        assertSearches(searchPlan("{\"sequence\":{\"name\":{\"$match\":\"run_0002*\"}}}"),
                locatorPatternIndex("sequence"));
    }

    /**
     * An ontology condition with a bound selects its candidates from ranges of the column summaries' indexes (and
     * the tag's uploading topics, and summaries of another kind, through theirs), not from every topic of the tag.
     */
    @Test
    void anOntologyBoundReadsARangeOfTheColumnSummaryIndexes() throws SQLException {
        String above = searchPlan("{\"ontology\":{\"imu.acc.z\":{\"$gt\":50}}}");
        for (String index : List.of("topic_column_summary_max_idx", "topic_column_summary_kind_idx",
                "topic_uploading_idx")) {
            assertSearches(above, index);
        }
        assertSearches(searchPlan("{\"ontology\":{\"imu.acc.z\":{\"$lt\":-50}}}"), "topic_column_summary_min_idx");
        assertSearches(searchPlan("{\"topic\":{\"name\":{\"$match\":\"run_0002/*\"}},"
                + "\"ontology\":{\"imu.acc.z\":{\"$between\":[1,2]},\"gps.fix\":{\"$outside\":[0,3]}}}"),
                "topic_column_summary_max_idx");
    }

    @Test
    void globsWithAWildStartAndALiteralEndReadARangeOfTheReversedLocatorIndexes() throws SQLException {
        assertSearches(searchPlan("{\"topic\":{\"name\":{\"$match\":\"*_0002\"}}}"), "topic_locator_reversed_idx");
        assertSearches(searchPlan("{\"topic\":{\"name\":{\"$match\":\"*[0-9]/imu\"}}}"), "topic_locator_reversed_idx");
        assertSearches(searchPlan("{\"sequence\":{\"name\":{\"$match\":\"*#_0002\"}}}"),
                "sequence_locator_reversed_idx");
    }

    @Test
    void topicSummariesReadEachTopicsChunksThroughTheChunkIndex() throws SQLException {
        TopicSummaries.Statement ofASequence = TopicSummaries.statement(new TopicSelection(Optional.of("run_0002"),
                Optional.empty(), 100, OptimizationQueue.NO_ATTEMPT_LIMIT));
        assertSearches(plan(ofASequence.sql(), ofASequence.parameters()), "chunk_topic_time_idx");
    }
}
