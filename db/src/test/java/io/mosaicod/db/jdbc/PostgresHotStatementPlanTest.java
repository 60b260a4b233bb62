package io.mosaicod.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.testkit.PostgresDatabase;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

class PostgresHotStatementPlanTest extends HotStatementPlanContract {

    @Override
    TestDatabase createDatabase() {
        return PostgresServer.shared().createDatabase();
    }

    /** The test tables are tiny, where reading them whole is cheapest: the planner is told it is not. */
    @Override
    Connection connect(TestDatabase database) throws SQLException {
        PostgresDatabase postgres = (PostgresDatabase) database;
        Connection connection = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
        try (Statement settings = connection.createStatement()) {
            settings.execute("SET enable_seqscan = off");
        }
        return connection;
    }

    @Override
    Dialect dialect() {
        return Dialect.POSTGRESQL;
    }

    @Override
    String explainPrefix() {
        return "EXPLAIN ";
    }

    /** In code-point order, whatever the database's collation, which a regular expression's range needs. */
    @Override
    String locatorPatternIndex(String table) {
        return table + "_locator_pattern_idx";
    }

    /** With sequential scans off, one is still planned only where no index can answer. */
    @Override
    void assertSearches(String plan, String index) {
        assertThat(plan).as(plan).containsPattern("Index (Only )?Scan (using|on) " + index + "\\b")
                .contains("Index Cond").doesNotContain("Seq Scan");
    }

    @Override
    void assertReadsThrough(String plan, String index) {
        assertThat(plan).as(plan).containsPattern("Index (Only )?Scan (using|on) " + index + "\\b")
                .doesNotContain("Seq Scan");
    }
}
