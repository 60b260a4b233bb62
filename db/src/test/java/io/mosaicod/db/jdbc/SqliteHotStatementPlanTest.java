package io.mosaicod.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.TopicSelection;
import io.mosaicod.testkit.SqliteDatabase;
import io.mosaicod.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class SqliteHotStatementPlanTest extends HotStatementPlanContract {

    @Override
    TestDatabase createDatabase() throws Exception {
        return SqliteDatabase.create();
    }

    @Override
    Connection connect(TestDatabase database) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + ((SqliteDatabase) database).folder().resolve("mosaico.db"));
    }

    @Override
    Dialect dialect() {
        return Dialect.SQLITE;
    }

    @Override
    String explainPrefix() {
        return "EXPLAIN QUERY PLAN ";
    }

    /** The unique constraint's, in code-point (BINARY) order, which GLOB's range needs. */
    @Override
    String locatorPatternIndex(String table) {
        return "sqlite_autoindex_" + table + "_2";
    }

    /** {@code SEARCH} reads a range of an index; {@code SCAN} of a table, or of a whole index, reads all of it. */
    @Override
    void assertSearches(String plan, String index) {
        assertThat(plan).as(plan).containsPattern("SEARCH \\w+ USING (COVERING )?INDEX " + index + " \\(")
                .doesNotContainPattern("SCAN (t|s|topic|sequence)\\b");
    }

    @Override
    void assertReadsThrough(String plan, String index) {
        assertThat(plan).as(plan).containsPattern("(SCAN|SEARCH) \\w+ USING (COVERING )?INDEX " + index + "\\b")
                .doesNotContainPattern("(?m)SCAN (t|s|topic|sequence)$");
    }

    /** In locator order from the locator index: the first line is printed before the last topic is read. */
    @Test
    void everyTopicIsSummarizedInLocatorOrderWithoutSortingThemFirst() throws SQLException {
        TopicSummaries.Statement all = TopicSummaries.statement(TopicSelection.all(OptimizationQueue.NO_ATTEMPT_LIMIT));
        String plan = plan(all.sql(), all.parameters());
        assertThat(plan).as(plan).contains("SCAN t USING INDEX sqlite_autoindex_topic_2")
                .contains("chunk_topic_time_idx").doesNotContain("TEMP B-TREE");
    }
}
