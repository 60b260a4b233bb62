package io.mosaicod.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.testkit.SqliteDatabase;
import io.mosaicod.testkit.TestDatabase;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SqliteRepositoryTest extends JdbcRepositoryContract {
    private SqliteDatabase sqlite;

    @Override
    protected TestDatabase createDatabase() throws IOException {
        sqlite = SqliteDatabase.create();
        return sqlite;
    }

    @Test
    void databaseFileIsInWalModeSoLocalProcessesShareIt() throws Exception {
        // journal_mode=WAL persists in the file; foreign keys (per connection) are proven by the cascade tests
        // and the busy timeout by the two-process acquisition race
        try (Connection connection = DriverManager.getConnection(sqlite.config().jdbcUrl());
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("PRAGMA journal_mode")) {
            row.next();
            assertThat(row.getString(1)).isEqualTo("wal");
        }
    }

    @Test
    void processesOpeningAFreshFileTogetherAllGetAMigratedRepository() throws Exception {
        // several local processes may start on a new data folder at once; each must end up with the schema (the
        // first connections race to switch the file to WAL: CI once saw one refused at once with SQLITE_BUSY)
        int openers = 6;
        for (int round = 0; round < 5; round++) {
            DatabaseConfig fresh = DatabaseConfig.sqlite(sqlite.folder().resolve("fresh-" + round + ".db"));
            CyclicBarrier start = new CyclicBarrier(openers);
            ExecutorService threads = Executors.newFixedThreadPool(openers);
            try {
                List<Future<Integer>> sequences = new ArrayList<>();
                for (int i = 0; i < openers; i++) {
                    String locator = "seq" + i;
                    sequences.add(threads.submit(() -> {
                        start.await();
                        try (Repository opened = Repositories.open(fresh)) {
                            opened.catalog().createSequence(locator, "{}", "sq_" + locator);
                            return opened.catalog().listSequences().size();
                        }
                    }));
                }
                for (Future<Integer> seen : sequences) {
                    assertThat(seen.get(60, TimeUnit.SECONDS)).as("round %d", round).isBetween(1, openers);
                }
            } finally {
                threads.shutdownNow();
            }
            try (Repository reopened = Repositories.open(fresh)) {
                assertThat(reopened.catalog().listSequences()).hasSize(openers);
            }
        }
    }

    @Test
    void aFreshDataFolderIsCreatedOnFirstOpen() throws IOException {
        Path nested = sqlite.folder().resolve("not/yet/there/mosaico.db");
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(nested))) {
            assertThat(repository.catalog().listSequences()).isEmpty();
        }
        assertThat(nested).exists();
    }
}
