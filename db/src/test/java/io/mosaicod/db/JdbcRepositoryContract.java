package io.mosaicod.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.testkit.TestDatabase;
import org.junit.jupiter.api.Test;

/** The repository contract on a SQL database, plus what only a database schema does: survive reopening. */
abstract class JdbcRepositoryContract extends RepositoryContract {
    private TestDatabase database;

    /** Creates the empty database this class's tests run against; it is dropped after them. */
    protected abstract TestDatabase createDatabase() throws Exception;

    @Override
    protected final TestRepository createRepository() throws Exception {
        database = createDatabase();
        return new JdbcTestRepository(database);
    }

    @Test
    void reopeningAMigratedDatabaseKeepsItsContent() {
        Topic topic = uploadedTopic("run/a", 0, 1);
        try (Repository again = Repositories.open(database.config())) {
            assertThat(again.catalog().findTopic(topic.id())).contains(topic);
        }
    }
}
