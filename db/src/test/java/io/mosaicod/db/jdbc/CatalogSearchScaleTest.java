package io.mosaicod.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.Secret;
import io.mosaicod.core.search.SearchFilter;
import io.mosaicod.core.search.SearchFilterParser;
import io.mosaicod.db.Repository;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.SqliteDatabase;
import io.mosaicod.testkit.TestDatabase;
import io.mosaicod.testkit.TestSql;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Metadata searches over 100,000 topics (1,000 sequences of 100) with varied nested metadata stay interactive:
 * the flattened values' indexes, not a walk of every document, answer them. The catalog is bulk-loaded in SQL
 * as V4 stored it, then flattened by V5's backfill; each query's median of five runs is printed and bounded.
 */
@Tag("slow")
class CatalogSearchScaleTest {
    private static final Duration INTERACTIVE = Duration.ofSeconds(1);
    /** Sequence {@code run_i}'s topic {@code tk} has n = 100 i + k; each query's count, computed from n. */
    private static final int[] EXPECTED = {1000, 600, 131, 2857, 200};
    private static final String[] QUERIES = {
        "{'topic':{'user_metadata':{'robot.name':{'$eq':'r7'}}}}",
        "{'topic':{'user_metadata':{'hz':{'$between':[100,102]}}}}",
        "{'topic':{'user_metadata':{'tags':{'$eq':'t5'}},'name':{'$match':'run_1#/*'}}}",
        "{'topic':{'user_metadata':{'**.model':{'$eq':'ur3'},'calibration.offsets[*]':{'$eq':4}}}}",
        "{'sequence':{'user_metadata':{'site':{'$eq':'site3'}}},'topic':{'user_metadata':{'robot.*':{'$in':['r1','r2']}}}}"};

    private static final String[] SQLITE_LOAD = {
        "WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)"
                + " INSERT INTO sequence (uuid, locator, user_metadata, folder, created_at_ms)"
                + " SELECT 'sq' || i, 'run_' || i, json_object('site', 'site' || (i % 10)), 'sq_' || i, 1 FROM n",
        "INSERT INTO session (uuid, sequence_id, ulid, created_at_ms) SELECT 'ss' || id, id, 'U' || id, 1 FROM sequence",
        "WITH RECURSIVE j (k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM j WHERE k < 99),"
                + " t AS (SELECT s.id AS session_id, s.sequence_id, q.locator,"
                + " CAST(substr(q.locator, 5) AS INTEGER) * 100 + j.k AS n, j.k"
                + " FROM session s JOIN sequence q ON q.id = s.sequence_id, j)"
                + " INSERT INTO topic (uuid, sequence_id, session_id, locator, user_metadata, folder,"
                + " serialization_format, ontology_tag, created_at_ms)"
                + " SELECT 'tp' || n, sequence_id, session_id, locator || '/t' || k, json_object('robot',"
                + " json_object('name', 'r' || (n % 100), 'arm', json_object('model', 'ur' || (n % 7))), 'hz', n % 500,"
                + " 'tags', json_array('t' || (n % 13), 't' || (n % 17)), 'calibration', json_object('offsets',"
                + " json_array(n % 3, n % 5))), 'tp_' || n, 'default', 'imu', 1 FROM t"};

    private static final String[] POSTGRES_LOAD = {
        "INSERT INTO sequence (uuid, locator, user_metadata, folder, created_at_ms)"
                + " SELECT md5('sq' || i)::uuid, 'run_' || i, jsonb_build_object('site', 'site' || (i % 10))::text,"
                + " 'sq_' || i, 1 FROM generate_series(1, 1000) i",
        "INSERT INTO session (uuid, sequence_id, ulid, created_at_ms)"
                + " SELECT md5('ss' || id)::uuid, id, 'U' || id, 1 FROM sequence",
        "INSERT INTO topic (uuid, sequence_id, session_id, locator, user_metadata, folder, serialization_format,"
                + " ontology_tag, created_at_ms)"
                + " SELECT md5('tp' || n)::uuid, sequence_id, session_id, locator || '/t' || k, jsonb_build_object('robot',"
                + " jsonb_build_object('name', 'r' || (n % 100), 'arm', jsonb_build_object('model', 'ur' || (n % 7))),"
                + " 'hz', n % 500, 'tags', jsonb_build_array('t' || (n % 13), 't' || (n % 17)), 'calibration',"
                + " jsonb_build_object('offsets', jsonb_build_array(n % 3, n % 5)))::text, 'tp_' || n, 'default', 'imu', 1"
                + " FROM (SELECT s.id AS session_id, s.sequence_id, q.locator, CAST(substr(q.locator, 5) AS INTEGER) * 100 + k"
                + " AS n, k"
                + " FROM session s JOIN sequence q ON q.id = s.sequence_id, generate_series(0, 99) k) t"};

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void metadataQueriesOverAHundredThousandTopicsAnswerWithinASecond(String dialect) throws Exception {
        boolean sqlite = dialect.equals("sqlite");
        try (TestDatabase database = sqlite ? SqliteDatabase.create() : PostgresServer.shared().createDatabase()) {
            DatabaseConfig config = database.config();
            Flyway.configure().dataSource(config.jdbcUrl(), config.user().orElse(null),
                            config.password().map(Secret::reveal).orElse(null))
                    .locations(Dialect.of(config.jdbcUrl()).migrationLocation()).target("4").load().migrate();
            TestSql.execute(config, sqlite ? SQLITE_LOAD : POSTGRES_LOAD);
            long migration = System.nanoTime();
            try (Repository repository = Repositories.open(config)) {
                System.out.printf("%s: V5 flattened 100,000 topics' metadata in %d ms%n", dialect,
                        (System.nanoTime() - migration) / 1_000_000);
                if (!sqlite) {
                    TestSql.execute(config, "ANALYZE");
                }
                for (int q = 0; q < QUERIES.length; q++) {
                    String query = QUERIES[q];
                    long[] millis = new long[5];
                    int hits = 0;
                    for (int run = 0; run < millis.length; run++) {
                        long start = System.nanoTime();
                        hits = find(repository, query);
                        millis[run] = (System.nanoTime() - start) / 1_000_000;
                    }
                    Arrays.sort(millis);
                    System.out.printf("%s: %d topics in %d ms (median of 5) for %s%n", dialect, hits, millis[2], query);
                    assertThat(hits).as(query).isEqualTo(EXPECTED[q]);
                    assertThat(Duration.ofMillis(millis[2])).as(query).isLessThan(INTERACTIVE);
                }
            }
        }
    }

    private static int find(Repository repository, String json) {
        SearchFilter filter = SearchFilterParser.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
        return repository.search().find(filter.sequence(), filter.topic()).size();
    }
}
