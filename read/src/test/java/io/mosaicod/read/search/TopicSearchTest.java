package io.mosaicod.read.search;

import static io.mosaicod.read.search.OntologyFilters.conditions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.io.RandomAccessSource;
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
import io.mosaicod.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
        }, allocator);
    }

    @AfterEach
    void close() throws IOException {
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
