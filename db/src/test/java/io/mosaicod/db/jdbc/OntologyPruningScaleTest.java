package io.mosaicod.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.Secret;
import io.mosaicod.core.search.MetadataFilter;
import io.mosaicod.core.search.SearchFilter;
import io.mosaicod.core.search.SearchFilterParser;
import io.mosaicod.db.Repository;
import io.mosaicod.db.SearchHit;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.SqliteDatabase;
import io.mosaicod.testkit.TestDatabase;
import io.mosaicod.testkit.TestSql;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.IntSupplier;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An ontology condition over 20,000 topics of one tag (10 chunks each, 4 statistics rows per chunk) selects its
 * candidates from the column summaries' index, in time that follows the answer, not the tag's topics; printed beside
 * what finding the candidates cost before topics had summaries (every topic of the tag, then all its chunk and
 * statistics rows). The catalog is bulk-loaded in SQL as V7 stored it, then summarized by V9's backfill.
 */
@Tag("slow")
class OntologyPruningScaleTest {
    private static final int TOPICS = 20_000;
    /** Topic i's acc.z reaches (i % 1000) / 10 + 9 in its last chunk: 11 in 1,000 topics reach 107.9. */
    private static final String MATCHING_SOME = "{'imu.acc.z':{'$gt':107.9}}";
    private static final String MATCHING_NONE = "{'imu.acc.z':{'$gt':1000}}";
    private static final String STATS = """
            INSERT INTO chunk_column_stats (chunk_id, column_path, kind, min_number, max_number, min_text, max_text,
                                            has_null, has_nan)
            SELECT c.id, p.path, 'numeric', -10, (c.topic_id % 1000) / 10.0 + c.ordinal, NULL, NULL, FALSE, FALSE
            FROM chunk c, (SELECT 'acc.x' AS path UNION ALL SELECT 'acc.y' UNION ALL SELECT 'acc.z') p
            UNION ALL
            SELECT c.id, 'frame', 'text', NULL, NULL, 'base', 'base', FALSE, FALSE FROM chunk c""";

    private static final String[] SQLITE_LOAD = {
        "WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)"
                + " INSERT INTO sequence (uuid, locator, user_metadata, folder, created_at_ms)"
                + " SELECT 'sq' || i, 'run_' || i, '{}', 'sq_' || i, 1 FROM n",
        "INSERT INTO session (uuid, sequence_id, ulid, created_at_ms)"
                + " SELECT 'ss' || id, id, 'U' || id, 1 FROM sequence",
        "WITH RECURSIVE j (k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM j WHERE k < 99)"
                + " INSERT INTO topic (uuid, sequence_id, session_id, locator, user_metadata, folder,"
                + " serialization_format, ontology_tag, created_at_ms, upload_completed_at_ms)"
                + " SELECT 'tp' || s.id || '_' || k, s.sequence_id, s.id, 'run_' || s.sequence_id || '/t' || k,"
                + " '{}', 'tp_' || s.id || '_' || k, 'default', 'imu', 1, 2 FROM session s, j ORDER BY s.id, k",
        "WITH RECURSIVE o (i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM o WHERE i < 9)"
                + " INSERT INTO chunk (uuid, topic_id, ordinal, object_key, size_bytes, arrow_size_bytes, row_count,"
                + " min_timestamp_ns, max_timestamp_ns, sorted)"
                + " SELECT printf('00000000-0000-4000-8000-%012d', 10 * t.id + i), t.id, i, 'k' || t.id || '_' || i,"
                + " 1, 1, 100, 1000 * i, 1000 * i + 999, TRUE FROM topic t, o",
        STATS};

    private static final String[] POSTGRES_LOAD = {
        "INSERT INTO sequence (uuid, locator, user_metadata, folder, created_at_ms)"
                + " SELECT md5('sq' || i)::uuid, 'run_' || i, '{}', 'sq_' || i, 1 FROM generate_series(1, 200) i",
        "INSERT INTO session (uuid, sequence_id, ulid, created_at_ms)"
                + " SELECT md5('ss' || id)::uuid, id, 'U' || id, 1 FROM sequence",
        "INSERT INTO topic (uuid, sequence_id, session_id, locator, user_metadata, folder, serialization_format,"
                + " ontology_tag, created_at_ms, upload_completed_at_ms)"
                + " SELECT md5('tp' || s.id || '_' || k)::uuid, s.sequence_id, s.id,"
                + " 'run_' || s.sequence_id || '/t' || k, '{}', 'tp_' || s.id || '_' || k, 'default', 'imu', 1, 2"
                + " FROM session s, generate_series(0, 99) k ORDER BY s.id, k",
        "INSERT INTO chunk (uuid, topic_id, ordinal, object_key, size_bytes, arrow_size_bytes, row_count,"
                + " min_timestamp_ns, max_timestamp_ns, sorted)"
                + " SELECT md5('ch' || t.id || '_' || i)::uuid, t.id, i, 'k' || t.id || '_' || i, 1, 1, 100,"
                + " 1000 * i, 1000 * i + 999, TRUE FROM topic t, generate_series(0, 9) i",
        STATS};

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void anOntologyConditionCostsWhatItsAnswerCosts(String dialect) throws Exception {
        boolean sqlite = dialect.equals("sqlite");
        try (TestDatabase database = sqlite ? SqliteDatabase.create() : PostgresServer.shared().createDatabase()) {
            DatabaseConfig config = database.config();
            Flyway.configure().dataSource(config.jdbcUrl(), config.user().orElse(null),
                            config.password().map(Secret::reveal).orElse(null))
                    .locations(Dialect.of(config.jdbcUrl()).migrationLocation()).target("7").load().migrate();
            TestSql.execute(config, sqlite ? SQLITE_LOAD : POSTGRES_LOAD);
            long migration = System.nanoTime();
            try (Repository repository = Repositories.open(config)) {
                System.out.printf("%s: V9 summarized %,d topics' statistics in %d ms%n", dialect, TOPICS,
                        (System.nanoTime() - migration) / 1_000_000);
                if (!sqlite) {
                    TestSql.execute(config, "ANALYZE");
                }
                long none = median(dialect, "no topic reaching", 5, () -> candidates(repository, MATCHING_NONE), 0);
                median(dialect, "11 in 1,000 topics reaching", 5, () -> candidates(repository, MATCHING_SOME),
                        TOPICS / 1000 * 11);
                long before = median(dialect, "before summaries: every topic, its chunks and statistics", 1,
                        () -> everyChunkOfTheTag(repository), TOPICS * 10 * 2);
                assertThat(Duration.ofMillis(none)).isLessThan(Duration.ofMillis(Math.max(50, before / 10)));
            }
        }
    }

    /** The median of {@code runs} runs of {@code count}, whose answer must be {@code expected}; printed. */
    private static long median(String dialect, String what, int runs, IntSupplier count, int expected) {
        long[] millis = new long[runs];
        for (int run = 0; run < millis.length; run++) {
            long start = System.nanoTime();
            assertThat(count.getAsInt()).as(what).isEqualTo(expected);
            millis[run] = (System.nanoTime() - start) / 1_000_000;
        }
        Arrays.sort(millis);
        System.out.printf("%s: %s: %,d in %d ms (median of %d)%n", dialect, what, expected, millis[runs / 2], runs);
        return millis[runs / 2];
    }

    private static int candidates(Repository repository, String ontology) {
        String body = "{\"ontology\":" + ontology.replace('\'', '"') + "}";
        SearchFilter filter = SearchFilterParser.parse(body.getBytes(StandardCharsets.UTF_8));
        return repository.search().find(filter.sequence(), filter.topic(), filter.ontology()).size();
    }

    /** What a search read before summaries, as chunk and statistics rows: those of every topic of the tag. */
    private static int everyChunkOfTheTag(Repository repository) {
        List<Long> topics = repository.search().find(MetadataFilter.NONE, MetadataFilter.NONE).stream()
                .map(SearchHit::topicId).toList();
        int chunks = repository.catalog().listChunks(topics).values().stream().mapToInt(List::size).sum();
        return chunks + repository.catalog().columnStats(topics, Set.of("acc.z")).size();
    }
}
