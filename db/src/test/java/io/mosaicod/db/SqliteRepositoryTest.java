package io.mosaicod.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.DatabaseConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class SqliteRepositoryTest extends RepositoryContractTest {
    private Path folder;
    private DatabaseConfig config;

    @Override
    protected DatabaseConfig createDatabase() throws IOException {
        folder = Files.createTempDirectory("mosaicod-sqlite-test");
        config = DatabaseConfig.sqlite(folder.resolve("mosaico.db"));
        return config;
    }

    @Override
    protected void dropDatabase() throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    @Test
    void databaseFileIsInWalModeSoLocalProcessesShareIt() throws Exception {
        // journal_mode=WAL persists in the file; foreign keys (per connection) are proven by the cascade tests
        // and the busy timeout by the two-process acquisition race
        try (Connection connection = DriverManager.getConnection(config.jdbcUrl());
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("PRAGMA journal_mode")) {
            row.next();
            assertThat(row.getString(1)).isEqualTo("wal");
        }
    }
}
