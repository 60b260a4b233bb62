package io.mosaicod.read.search;

import static io.mosaicod.read.search.OntologyFilters.conditions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.core.search.QueryEngineLimits;
import io.mosaicod.core.search.SearchFilter;
import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.read.cluster.Cluster;
import io.mosaicod.read.cluster.ClusterBuilder;
import io.mosaicod.read.cluster.MatchTimes;
import io.mosaicod.read.fixture.ForwardingObjectStore;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.testkit.ForwardingSource;
import io.mosaicod.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Searches over a fragmented topic ingested as the server does (overlapping chunks, some unsorted inside),
 * against what the test knows it wrote: {@link TopicFixture#batchOf} gives row r of chunk c
 * {@code acc_x = 1000 c + r / 7}, a null label when r % 11 = 0 and a null gps when r % 13 = 0.
 */
class TopicSearchTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private static final int CHUNKS = 12;
    private static final int ROWS = 90;

    @TempDir
    Path data;
    Repository repository;
    LocalObjectStore store;
    BufferAllocator allocator;
    final AtomicInteger chunksRead = new AtomicInteger();
    List<List<Long>> times = new ArrayList<>();
    Topic topic;
    TopicSearch search;

    @BeforeEach
    void ingest() throws IOException {
        repository = Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")));
        store = new LocalObjectStore(data.resolve("store"));
        allocator = new RootAllocator();
        Random random = new Random(SEED.value());
        List<TopicFixture.ChunkShape> chunks = new ArrayList<>();
        for (int c = 0; c < CHUNKS; c++) {
            List<Long> ts = new ArrayList<>();
            for (int r = 0; r < ROWS; r++) {
                ts.add(1_000_000L * c + 10_000L * random.nextInt(150)); // neighbours overlap
            }
            if (c % 3 == 0) {
                Collections.shuffle(ts, random);
            } else {
                ts.sort(null);
            }
            times.add(ts);
            chunks.add(new TopicFixture.ChunkShape(ts));
        }
        topic = new TopicFixture(repository, store, allocator).ingest("imu", "ragged", chunks);
        search = new TopicSearch(repository.catalog(), new ForwardingObjectStore(store) {
            @Override
            public RandomAccessSource openSource(String key) throws IOException {
                chunksRead.incrementAndGet();
                return super.openSource(key);
            }
        }, allocator, QueryEngineLimits.DEFAULTS);
    }

    @AfterEach
    void close() throws IOException {
        search.close();
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
        store.close();
        repository.close();
    }

    @Test
    void statisticsSpareTheChunksThatCannotMatch() throws IOException {
        assertThat(search.anyRowMatches(topic.id(), conditions("{'imu.acc_x':{'$between':[7001, 7002]}}"))).isTrue();
        assertThat(chunksRead).hasValue(1);
        chunksRead.set(0);
        assertThat(search.anyRowMatches(topic.id(), conditions("{'imu.acc_x':{'$gt':99999}}"))).isFalse();
        assertThat(chunksRead).as("every chunk's maximum is below").hasValue(0);
    }

    /** More candidates than are judged at once: each window's answers land at their candidates' positions. */
    @Test
    void candidatesBeyondOneWindowAreAnsweredAtTheirPositions() throws IOException {
        int count = 2 * TopicSearch.CANDIDATES_AT_ONCE + 7;
        List<TopicSearch.Candidate> candidates = new ArrayList<>();
        BitSet expected = new BitSet();
        for (int i = 0; i < count; i++) {
            boolean match = i % 97 == 3;
            candidates.add(new TopicSearch.Candidate(topic.id(), conditions(match
                    ? "{'imu.acc_x':{'$between':[7001, 7002]}}" : "{'imu.acc_x':{'$gt':99999}}")));
            expected.set(i, match);
        }
        TopicMatches found = search.judge(candidates, true);
        assertThat(found.matching()).isEqualTo(expected);
        assertThat(found.spans()).hasSize(count);
        assertThat(found.spans().stream().filter(Optional::isPresent).count()).isEqualTo(expected.cardinality());
    }

    @Test
    void aConditionEveryRowOfAChunkFailsIsFoundFalseByReadingIt() throws IOException {
        // acc_x 1000 c + r / 7 never equals 5000.5 but lies within chunk 5's range: read, then no match
        assertThat(search.anyRowMatches(topic.id(), conditions("{'imu.acc_x':{'$eq':5000.5}}"))).isFalse();
        assertThat(chunksRead).hasValue(1);
    }

    @Test
    void matchTimesGiveTheClustersOfTheMatchingRowsInTimeOrder() throws IOException {
        Random random = new Random(SEED.value());
        for (int trial = 0; trial < 20; trial++) {
            long start = 10_000L * random.nextInt(600);
            long end = start + 10_000L * (1 + random.nextInt(1200));
            long dt = random.nextInt(4) == 0 ? 0 : 10_000L * (1 + random.nextInt(20));
            int modulus = 2 + random.nextInt(12);
            String ontology;
            IntPredicate rowMatches;
            switch (trial % 3) {
                case 0 -> {
                    ontology = "{'imu.label':'$nex'}";
                    rowMatches = r -> r % 11 == 0;
                }
                case 1 -> {
                    double below = modulus * 2.5; // r / 7 < below, in every chunk
                    ontology = "{'imu.acc_x':{'$lt':" + (1000 * 3 + below) + "},'imu.gps.lat':'$ex'}";
                    rowMatches = r -> r % 13 != 0;
                }
                default -> {
                    ontology = "{'imu.gps.lat':{'$gt':" + (45.0 + modulus * 1e-5 + 5e-6) + "}}";
                    rowMatches = r -> r % 13 != 0 && r > modulus;
                }
            }
            List<Long> expected = new ArrayList<>();
            for (int c = 0; c < CHUNKS; c++) {
                for (int r = 0; r < ROWS; r++) {
                    long t = times.get(c).get(r);
                    boolean accBelow = trial % 3 != 1 || 1000.0 * c + r / 7.0 < 1000 * 3 + modulus * 2.5;
                    if (rowMatches.test(r) && accBelow && t >= start && t < end) {
                        expected.add(t);
                    }
                }
            }
            Collections.sort(expected);
            List<Cluster> found = new ArrayList<>();
            search.matchTimes(topic, conditions(ontology), start, end, new MatchTimes(new ClusterBuilder(dt, found::add)));
            assertThat(found).as("trial %d, %s: %s in [%d, %d), dt %d", trial, SEED, ontology, start, end, dt)
                    .isEqualTo(clusters(expected, dt));
        }
    }

    /**
     * Several topics judged at once: every chunk of the topics without a match is read, only the chunk that can
     * match of the others, and never more chunks open at once than {@code max_concurrent_chunk_queries}.
     */
    @Test
    void candidatesAreJudgedWithAtMostTheConfiguredChunksOpenAtOnce() throws IOException {
        List<TopicFixture.ChunkShape> shapes = new ArrayList<>();
        times.forEach(ts -> shapes.add(new TopicFixture.ChunkShape(ts)));
        TopicFixture fixture = new TopicFixture(repository, store, allocator);
        List<Topic> topics = new ArrayList<>(List.of(topic));
        for (int i = 0; i < 4; i++) {
            topics.add(fixture.ingest("imu" + i, "ragged", shapes));
        }
        // acc_x = 1000 c + r / 7 is never 1000 c + 0.5, although every chunk's range holds one of these values
        StringBuilder inRange = new StringBuilder();
        for (int c = 0; c < CHUNKS; c++) {
            inRange.append(c == 0 ? "" : ", ").append(1000 * c + 0.5);
        }
        List<SearchFilter.OntologyCondition> never = conditions("{'imu.acc_x':{'$in':[" + inRange + "]}}");
        List<SearchFilter.OntologyCondition> chunkFive = conditions("{'imu.acc_x':{'$between':[5001, 5002]}}");
        List<TopicSearch.Candidate> candidates = new ArrayList<>();
        for (int i = 0; i < topics.size(); i++) {
            candidates.add(new TopicSearch.Candidate(topics.get(i).id(), i % 2 == 0 ? never : chunkFive));
        }
        AtomicInteger open = new AtomicInteger();
        AtomicInteger mostOpen = new AtomicInteger();
        ObjectStore counting = new ForwardingObjectStore(store) {
            @Override
            public RandomAccessSource openSource(String key) throws IOException {
                chunksRead.incrementAndGet();
                mostOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
                RandomAccessSource source = super.openSource(key);
                return new ForwardingSource(source) {
                    @Override
                    public void close() throws IOException {
                        open.decrementAndGet();
                        super.close();
                    }
                };
            }
        };
        for (int limit : new int[] {1, 3}) {
            chunksRead.set(0);
            mostOpen.set(0);
            try (TopicSearch limited = new TopicSearch(repository.catalog(), counting, allocator,
                    new QueryEngineLimits(0, limit, 8))) {
                BitSet matching = limited.matching(candidates);
                assertThat(matching.stream().boxed().toList()).as("limit %d", limit).containsExactly(1, 3);
                assertThat(chunksRead).as("every chunk of the 3 topics without a match, chunk 5 of the 2 others")
                        .hasValue(3 * CHUNKS + 2);
                assertThat(mostOpen.get()).as("chunks open at once, limit %d", limit).isBetween(1, limit);
                assertThat(open).hasValue(0);
            }
        }
    }

    @Test
    void aMatchingRowWithoutATimeCannotBeClustered() throws IOException {
        List<Long> ts = new ArrayList<>(List.of(1L, 2L));
        ts.add(null);
        Topic withNull = new TopicFixture(repository, store, allocator).ingest("nulls", "ragged",
                List.of(new TopicFixture.ChunkShape(ts)));
        MatchTimes none = new MatchTimes(new ClusterBuilder(0, cluster -> { }));
        assertThatThrownBy(() -> search.matchTimes(withNull, conditions("{'imu.label':'$ex'}"), Long.MIN_VALUE,
                Long.MAX_VALUE, none)).isInstanceOf(MissingTimestampException.class);
        List<Cluster> found = new ArrayList<>();
        search.matchTimes(withNull, conditions("{'imu.acc_x':{'$lt':0.2}}"), Long.MIN_VALUE, Long.MAX_VALUE,
                new MatchTimes(new ClusterBuilder(0, found::add)));
        assertThat(found).as("rows 0 and 1 match, the row without a time does not").containsExactly(new Cluster(1, 2));
    }

    /**
     * A span is the first and last time of the matching rows; with one chunk read at a time, the earliest-starting
     * and latest-ending chunks are read first and their span covers every other chunk (neighbours overlap).
     */
    @Test
    void spansAreTheFirstAndLastTimesOfTheMatchingRowsReadFromTheChunksThatCanWidenThem() throws IOException {
        List<Long> every = new ArrayList<>();
        List<Long> labelless = new ArrayList<>();
        for (int c = 0; c < CHUNKS; c++) {
            for (int r = 0; r < ROWS; r++) {
                every.add(times.get(c).get(r));
                if (r % 11 == 0) {
                    labelless.add(times.get(c).get(r));
                }
            }
        }
        ObjectStore counting = new ForwardingObjectStore(store) {
            @Override
            public RandomAccessSource openSource(String key) throws IOException {
                chunksRead.incrementAndGet();
                return super.openSource(key);
            }
        };
        try (TopicSearch oneAtATime = new TopicSearch(repository.catalog(), counting, allocator,
                new QueryEngineLimits(0, 1, 8))) {
            TopicMatches all = oneAtATime.judge(List.of(new TopicSearch.Candidate(topic.id(), List.of())), true);
            assertThat(all.spans()).containsExactly(Optional.of(new Cluster(Collections.min(every),
                    Collections.max(every))));
            assertThat(chunksRead).as("chunks read of %d", CHUNKS).hasValue(2);
            TopicMatches some = oneAtATime.judge(List.of(
                    new TopicSearch.Candidate(topic.id(), conditions("{'imu.label':'$nex'}")),
                    new TopicSearch.Candidate(topic.id(), conditions("{'imu.acc_x':{'$gt':99999}}"))), true);
            assertThat(some.matching().stream().boxed().toList()).containsExactly(0);
            assertThat(some.spans()).containsExactly(Optional.of(new Cluster(Collections.min(labelless),
                    Collections.max(labelless))), Optional.empty());
        }
    }

    @Test
    void aMatchingRowWithoutATimeMakesItsTopicMatchWithoutASpan() throws IOException {
        List<Long> ts = new ArrayList<>(List.of(1L, 2L));
        ts.add(null);
        Topic withNull = new TopicFixture(repository, store, allocator).ingest("nulls", "ragged",
                List.of(new TopicFixture.ChunkShape(ts)));
        // acc_x is r / 7: only row 2, the one without a time, is above 0.2
        TopicMatches found = search.judge(List.of(new TopicSearch.Candidate(withNull.id(),
                conditions("{'imu.acc_x':{'$gt':0.2}}"))), true);
        assertThat(found.matching().get(0)).isTrue();
        assertThat(found.spans()).containsExactly(Optional.empty());
    }

    private static List<Cluster> clusters(List<Long> sorted, long dt) {
        List<Cluster> out = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            long first = sorted.get(i);
            while (i + 1 < sorted.size() && (dt == 0 || sorted.get(i + 1) - sorted.get(i) <= dt)) {
                i++;
            }
            out.add(new Cluster(first, sorted.get(i)));
        }
        return out;
    }
}
