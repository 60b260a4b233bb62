package io.mosaicod.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.Secret;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.ClaimedChunks;
import io.mosaicod.db.ColumnStats;
import io.mosaicod.db.Lease;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.NewTopic;
import io.mosaicod.db.NumericColumnStats;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RunReport;
import io.mosaicod.db.RunVolume;
import io.mosaicod.db.TextColumnStats;
import io.mosaicod.db.Topic;
import io.mosaicod.db.UploadClaim;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.SqliteDatabase;
import io.mosaicod.testkit.TestDatabase;
import io.mosaicod.testkit.TestSql;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A topic's column summaries (V9) are what its chunks' statistics combine to from the moment its upload completes:
 * replaced by the optimizer's commit, gone with the topic, and backfilled by the migration for the topics that
 * existed before it.
 */
class ColumnSummaryTest {
    /** Two chunks: x widens across them, name's max is "é" (after "z" by code point), y has no statistics in one. */
    private static final List<List<ColumnStats>> STATS = List.of(
            List.of(numeric("x", 1, 5, false, false), text("name", "a", "é"), new NumericColumnStats("y",
                    OptionalDouble.empty(), OptionalDouble.empty(), true, false)),
            List.of(numeric("x", -2, 3, true, true), text("name", "b", "z")));
    private static final List<String> SUMMARY = List.of(
            "name text null null a é false false",
            "x numeric -2.0 5.0 null null true true",
            "y mixed null null null null true false");

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void aTopicIsSummarizedWhenItsUploadCompletesAndNotBefore(String dialect) throws Exception {
        try (TestDatabase database = database(dialect); Repository repository = Repositories.open(database.config())) {
            Topic topic = topic(repository.catalog(), "run/imu");
            UploadClaim claim = repository.uploadClaims().claim(topic.id(), Duration.ofMinutes(1)).orElseThrow();
            repository.uploadClaims().addChunks(List.of(new ClaimedChunks(claim, chunks(STATS))));
            assertThat(summary(database.config(), topic.id())).as("still uploading").isEmpty();

            assertThat(repository.uploadClaims().complete(claim)).isTrue();
            assertThat(summary(database.config(), topic.id())).isEqualTo(SUMMARY);

            Topic other = topic(repository.catalog(), "run/gps");
            chunks(STATS).forEach(chunk -> repository.catalog().addChunk(other.id(), chunk));
            assertThat(repository.catalog().markUploadComplete(other.id())).isTrue();
            assertThat(summary(database.config(), other.id())).as("completed without a claim").isEqualTo(SUMMARY);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void theOptimizersCommitReplacesTheSummaryAndADeleteRemovesIt(String dialect) throws Exception {
        try (TestDatabase database = database(dialect); Repository repository = Repositories.open(database.config())) {
            Catalog catalog = repository.catalog();
            Topic topic = topic(catalog, "run/imu");
            chunks(STATS).forEach(chunk -> catalog.addChunk(topic.id(), chunk));
            catalog.markUploadComplete(topic.id());
            repository.optimizationQueue().enqueueCompleteUnoptimizedTopics();
            Lease lease = repository.optimizationQueue().acquire(1, Duration.ofMinutes(1)).orElseThrow();

            assertThat(repository.optimizationQueue().commitOptimization(lease,
                    chunks(List.of(List.of(numeric("x", 0, 1, false, false)))),
                    RunReport.succeeded(new RunVolume(2, 2, 20), new RunVolume(1, 1, 20)))).isTrue();
            assertThat(summary(database.config(), topic.id()))
                    .containsExactly("x numeric 0.0 1.0 null null false false");

            assertThat(catalog.deleteTopic(topic.id())).isTrue();
            assertThat(summary(database.config(), topic.id())).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void theMigrationSummarizesTheCompletedTopicsThatExistedBeforeIt(String dialect) throws Exception {
        try (TestDatabase database = database(dialect)) {
            DatabaseConfig config = database.config();
            Flyway.configure().dataSource(config.jdbcUrl(), config.user().orElse(null),
                            config.password().map(Secret::reveal).orElse(null))
                    .locations(Dialect.of(config.jdbcUrl()).migrationLocation()).target("7").load().migrate();
            List<String> inserts = new ArrayList<>(List.of(
                    "INSERT INTO sequence (uuid, locator, user_metadata, folder, created_at_ms)"
                            + " VALUES ('00000000-0000-0000-0000-000000000001', 'old', '{}', 'sq_old', 1)",
                    "INSERT INTO session (uuid, sequence_id, ulid, created_at_ms) SELECT '00000000-0000-0000-0000-"
                            + "000000000002', id, '01J00000000000000000000000', 1 FROM sequence",
                    oldTopic(3, "old/imu", "2"),
                    oldTopic(4, "old/uploading", "NULL")));
            for (int c = 0; c < STATS.size(); c++) {
                inserts.add("INSERT INTO chunk (uuid, topic_id, ordinal, object_key, size_bytes, arrow_size_bytes,"
                        + " row_count, sorted) SELECT '00000000-0000-0000-0000-00000000001" + c + "', id, " + c
                        + ", 'k" + c + "', 1, 1, 1, TRUE FROM topic WHERE locator = 'old/imu'");
                inserts.add("INSERT INTO chunk (uuid, topic_id, ordinal, object_key, size_bytes, arrow_size_bytes,"
                        + " row_count, sorted) SELECT '00000000-0000-0000-0000-00000000002" + c + "', id, " + c
                        + ", 'u" + c + "', 1, 1, 1, TRUE FROM topic WHERE locator = 'old/uploading'");
                for (ColumnStats s : STATS.get(c)) {
                    inserts.add(statsRow("k" + c, s));
                    inserts.add(statsRow("u" + c, s));
                }
            }
            TestSql.execute(config, inserts.toArray(String[]::new));

            try (Repository repository = Repositories.open(config)) {
                long completed = repository.catalog().findTopicByLocator("old/imu").orElseThrow().id();
                long uploading = repository.catalog().findTopicByLocator("old/uploading").orElseThrow().id();
                assertThat(summary(config, completed)).isEqualTo(SUMMARY);
                assertThat(summary(config, uploading)).isEmpty();
            }
        }
    }

    private static String oldTopic(int uuid, String locator, String completedAtMs) {
        return "INSERT INTO topic (uuid, sequence_id, session_id, locator, user_metadata, folder, serialization_format,"
                + " ontology_tag, created_at_ms, upload_completed_at_ms) SELECT '00000000-0000-0000-0000-00000000000"
                + uuid + "', sequence_id, id, '" + locator + "', '{}', 'tp_" + uuid + "', 'default', 'imu', 1, "
                + completedAtMs + " FROM session";
    }

    private static String statsRow(String objectKey, ColumnStats stats) {
        String values = stats instanceof NumericColumnStats n
                ? "'numeric', " + orNull(n.min()) + ", " + orNull(n.max()) + ", NULL, NULL, " + n.hasNull() + ", "
                + n.hasNan()
                : "'text', NULL, NULL, '" + ((TextColumnStats) stats).min().orElseThrow() + "', '"
                + ((TextColumnStats) stats).max().orElseThrow() + "', " + stats.hasNull() + ", FALSE";
        return "INSERT INTO chunk_column_stats (chunk_id, column_path, kind, min_number, max_number, min_text,"
                + " max_text, has_null, has_nan) SELECT id, '" + stats.columnPath() + "', " + values
                + " FROM chunk WHERE object_key = '" + objectKey + "'";
    }

    private static String orNull(OptionalDouble value) {
        return value.isPresent() ? Double.toString(value.getAsDouble()) : "NULL";
    }

    private static TestDatabase database(String dialect) throws Exception {
        return dialect.equals("sqlite") ? SqliteDatabase.create() : PostgresServer.shared().createDatabase();
    }

    private static Topic topic(Catalog catalog, String locator) {
        long sequence = catalog.findSequence("run").orElseGet(() -> catalog.createSequence("run", "{}", "sq_run")).id();
        return catalog.createTopic(new NewTopic(catalog.createSession(sequence).id(), locator, "{}",
                "tp_" + locator.replace('/', '_'), "default", Optional.of("imu")));
    }

    private static List<NewChunk> chunks(List<List<ColumnStats>> stats) {
        List<NewChunk> chunks = new ArrayList<>();
        for (int i = 0; i < stats.size(); i++) {
            chunks.add(new NewChunk(i, "c" + i + ".parquet", 1, 1, 10, OptionalLong.of(i), OptionalLong.of(i), true,
                    stats.get(i)));
        }
        return chunks;
    }

    private static NumericColumnStats numeric(String path, double min, double max, boolean hasNull, boolean hasNan) {
        return new NumericColumnStats(path, OptionalDouble.of(min), OptionalDouble.of(max), hasNull, hasNan);
    }

    private static TextColumnStats text(String path, String min, String max) {
        return new TextColumnStats(path, Optional.of(min), Optional.of(max), false);
    }

    /** The topic's summary rows, one line each, by column path. */
    private static List<String> summary(DatabaseConfig config, long topicId) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(config.jdbcUrl(), config.user().orElse(null),
                config.password().map(Secret::reveal).orElse(null));
             PreparedStatement select = connection.prepareStatement("SELECT column_path, kind, min_number, max_number,"
                     + " min_text, max_text, has_null, has_nan FROM topic_column_summary WHERE topic_id = ?"
                     + " ORDER BY column_path")) {
            select.setLong(1, topicId);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    lines.add(rows.getString(1) + " " + rows.getString(2) + " " + number(rows, 3) + " "
                            + number(rows, 4) + " " + rows.getString(5) + " " + rows.getString(6) + " "
                            + rows.getBoolean(7) + " " + rows.getBoolean(8));
                }
            }
        }
        return lines;
    }

    private static String number(ResultSet rows, int column) throws SQLException {
        double value = rows.getDouble(column);
        return rows.wasNull() ? "null" : Double.toString(value);
    }
}
