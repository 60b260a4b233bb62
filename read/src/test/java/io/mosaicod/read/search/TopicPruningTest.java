package io.mosaicod.read.search;

import static io.mosaicod.read.search.OntologyFilters.conditions;
import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.search.MetadataFilter;
import io.mosaicod.core.search.QueryEngineLimits;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import io.mosaicod.db.Repository;
import io.mosaicod.db.SearchHit;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.SqliteDatabase;
import io.mosaicod.testkit.TestDatabase;
import io.mosaicod.testkit.TestSeed;
import io.mosaicod.testkit.TestSql;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Topic-level pruning never loses a match: for random topics (each its own range of values, nulls and NaN, some
 * still uploading, some with a chunk whose statistics are missing) and random filters, the topics that the column
 * summaries leave as candidates, judged on their data, are exactly those that judging every topic of the tag finds.
 * Also counts what the summaries spared, which must be something.
 */
class TopicPruningTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private static final int TOPICS = 40;
    private static final int FILTERS = 150;
    private static final String[] NAMES = {"a", "base", "cam", "z"};
    private static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null),
            new Field("x", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null),
            new Field("n", FieldType.nullable(new ArrowType.Int(32, true)), null),
            new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));

    @TempDir
    Path data;

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void candidatesFromTheSummariesMatchAsEveryTopicOfTheTagDoes(String dialect) throws Exception {
        System.out.println("TopicPruningTest " + dialect + " " + SEED);
        Random random = new Random(SEED.value());
        try (TestDatabase database = dialect.equals("sqlite") ? SqliteDatabase.create()
                : PostgresServer.shared().createDatabase();
             Repository repository = Repositories.open(database.config());
             LocalObjectStore store = new LocalObjectStore(data.resolve("store"));
             BufferAllocator allocator = new RootAllocator();
             TopicSearch search = new TopicSearch(repository.catalog(), store, allocator, QueryEngineLimits.DEFAULTS)) {
            TopicFixture fixture = new TopicFixture(repository, store, allocator);
            for (int t = 0; t < TOPICS; t++) {
                ingest(random, fixture, allocator, repository, database, t);
            }
            List<Topic> everyTopic = repository.catalog().listTopics();
            int judged = 0;
            int candidates = 0;
            int matching = 0;
            for (int f = 0; f < FILTERS; f++) {
                String ontology = randomFilter(random);
                List<OntologyCondition> conditions = conditions(ontology);
                List<SearchHit> hits = repository.search().find(MetadataFilter.NONE, MetadataFilter.NONE, conditions);
                Set<Long> expected = matchingIds(search, everyTopic.stream().map(Topic::id).toList(), conditions);
                Set<Long> found = matchingIds(search, hits.stream().map(SearchHit::topicId).toList(), conditions);
                assertThat(found).as("%s, %s, filter %s", dialect, SEED, ontology).isEqualTo(expected);
                judged += everyTopic.size();
                candidates += hits.size();
                matching += expected.size();
            }
            System.out.printf("TopicPruningTest %s: %d filters, %d topics judged unpruned, %d candidates,"
                    + " %d matching%n", dialect, FILTERS, judged, candidates, matching);
            assertThat(matching).as("filters are drawn so that matches are common").isGreaterThan(judged / 20);
            assertThat(candidates).as("the summaries spared topics").isLessThan(judged * 3 / 4);
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
    }

    private static Set<Long> matchingIds(TopicSearch search, List<Long> topicIds, List<OntologyCondition> conditions)
            throws IOException {
        List<TopicSearch.Candidate> candidates = topicIds.stream()
                .map(id -> new TopicSearch.Candidate(id, conditions)).toList();
        BitSet matching = search.matching(candidates);
        Set<Long> ids = new TreeSet<>();
        matching.stream().forEach(i -> ids.add(topicIds.get(i)));
        return ids;
    }

    /**
     * A topic of 1-3 chunks whose x and n lie around a center of its own, with nulls and NaN; one in five still
     * uploading, one in seven completed after losing the statistics of its first chunk (as a chunk recorded
     * without them would be).
     */
    private static void ingest(Random random, TopicFixture fixture, BufferAllocator allocator, Repository repository,
                               TestDatabase database, int t) throws IOException {
        double center = random.nextInt(200) - 100;
        double spread = 1 + random.nextInt(20);
        List<VectorSchemaRoot> batches = new ArrayList<>();
        try {
            // two chunks at least where one loses its statistics: a topic's column without any is one it has not
            for (int c = (t % 7 == 0 ? 2 : 1) + random.nextInt(3); c > 0; c--) {
                batches.add(batch(random, allocator, center, spread));
            }
            if (t % 5 == 0) {
                fixture.ingestUploading("t" + t, "ragged", SCHEMA, batches);
            } else if (t % 7 == 0) {
                Topic topic = fixture.ingestUploading("t" + t, "ragged", SCHEMA, batches);
                TestSql.execute(database.config(), "DELETE FROM chunk_column_stats WHERE chunk_id IN (SELECT id FROM"
                        + " chunk WHERE topic_id = " + topic.id() + " AND ordinal = 0)");
                repository.catalog().markUploadComplete(topic.id());
            } else {
                fixture.ingest("t" + t, "ragged", SCHEMA, batches);
            }
        } finally {
            batches.forEach(VectorSchemaRoot::close);
        }
    }

    private static VectorSchemaRoot batch(Random random, BufferAllocator allocator, double center, double spread) {
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        root.allocateNew();
        int rows = 1 + random.nextInt(12);
        for (int r = 0; r < rows; r++) {
            ((BigIntVector) root.getVector("timestamp_ns")).setSafe(r, 10L * r);
            double x = center + spread * (2 * random.nextDouble() - 1);
            switch (random.nextInt(10)) {
                case 0 -> ((Float8Vector) root.getVector("x")).setNull(r);
                case 1 -> ((Float8Vector) root.getVector("x")).setSafe(r, Double.NaN);
                default -> ((Float8Vector) root.getVector("x")).setSafe(r, x);
            }
            if (random.nextInt(8) == 0) {
                ((IntVector) root.getVector("n")).setNull(r);
            } else {
                ((IntVector) root.getVector("n")).setSafe(r, (int) Math.round(center + spread * random.nextGaussian()));
            }
            if (random.nextInt(6) == 0) {
                ((VarCharVector) root.getVector("name")).setNull(r);
            } else {
                ((VarCharVector) root.getVector("name")).setSafe(r,
                        NAMES[random.nextInt(NAMES.length)].getBytes(StandardCharsets.UTF_8));
            }
        }
        root.setRowCount(rows);
        return root;
    }

    /** One to three conditions, mostly bounds on x and n (what the summaries prune), the other operators too. */
    private static String randomFilter(Random random) {
        List<String> conditions = new ArrayList<>();
        List<String> columns = new ArrayList<>(List.of("x", "n"));
        Collections.shuffle(columns, random);
        for (int c = random.nextInt(4) == 0 ? 2 : 1; c > 0; c--) {
            String column = columns.remove(0);
            int v = random.nextInt(260) - 130;
            int w = v + random.nextInt(30);
            String condition = switch (random.nextInt(14)) {
                case 0, 1 -> "{'$gt':" + v + "}";
                case 2 -> "{'$geq':" + v + ".5}";
                case 3, 4 -> "{'$lt':" + v + "}";
                case 5 -> "{'$leq':" + v + "}";
                case 6, 7 -> "{'$between':[" + v + "," + w + "]}";
                case 8 -> "{'$outside':[" + v + "," + w + "]}";
                case 9 -> "{'$eq':" + v + "}";
                case 10 -> "{'$in':[" + v + "," + w + "]}";
                case 11 -> "{'$neq':" + v + "}";
                case 12 -> "'$nex'";
                default -> "'$ex'";
            };
            conditions.add("'imu." + column + "':" + condition);
        }
        if (random.nextInt(5) == 0) {
            conditions.add("'imu.name':{'$eq':'" + NAMES[random.nextInt(NAMES.length)] + "'}");
        }
        return "{" + String.join(",", conditions) + "}";
    }
}
