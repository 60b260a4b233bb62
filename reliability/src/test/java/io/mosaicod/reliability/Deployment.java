package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.LeasedTopic;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.read.fixture.TopicFixture.ChunkShape;
import io.mosaicod.testkit.ChildMosaicod;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * One mosaicod deployment under test: a {@link Backend}, the test's own view of its repository and store,
 * topics ingested the way ingestion writes them (each recorded in the {@link DataLedger}), and mosaicod
 * processes started against it.
 */
final class Deployment implements AutoCloseable {
    static final Duration PROCESS_TIMEOUT = Duration.ofMinutes(3);

    final Backend backend;
    final Repository repository;
    final ObjectStore store;
    final BufferAllocator allocator = new RootAllocator();
    final TopicFixture fixture;
    final DataLedger ledger;
    private final List<ChildMosaicod> processes = new ArrayList<>();

    Deployment(Backend backend) throws IOException {
        this.backend = backend;
        this.repository = backend.openRepository();
        this.store = backend.openStore();
        this.fixture = new TopicFixture(repository, store, allocator);
        this.ledger = new DataLedger(repository, store, fixture);
    }

    /** Ingests a complete topic and records its original content. */
    Topic ingest(String path, String serializationFormat, List<ChunkShape> chunks) throws IOException {
        Topic topic = fixture.ingest(path, serializationFormat, chunks);
        ledger.record(topic);
        return topic;
    }

    /** A topic of random shape ({@link #randomShape}), in a random serialization format. */
    Topic ingestRandom(Random random, String path) throws IOException {
        String format = random.nextBoolean() ? "default" : "ragged";
        return ingest(path, format, randomShape(random));
    }

    /**
     * 3–16 chunks of 20–400 rows, neighbours overlapping 0–90 % in time, sometimes with equal timestamps
     * across chunks (ties), sometimes with null timestamps or an unsorted chunk.
     */
    static List<ChunkShape> randomShape(Random random) {
        List<ChunkShape> shapes = TopicFixture.nearlyOrdered(3 + random.nextInt(14), 20 + random.nextInt(380),
                random.nextDouble() * 0.9, random.nextLong());
        boolean ties = random.nextInt(3) == 0;
        List<ChunkShape> chunks = new ArrayList<>();
        for (ChunkShape shape : shapes) {
            List<Long> ts = new ArrayList<>(shape.timestamps());
            if (ties) {
                ts.replaceAll(t -> t / 50_000 * 50_000);
            }
            if (random.nextInt(8) == 0) {
                ts.set(ts.size() - 1, null);
            }
            if (random.nextInt(10) == 0) {
                Collections.swap(ts, 0, ts.size() / 2);
            }
            chunks.add(new ChunkShape(ts));
        }
        return chunks;
    }

    /** A topic whose rewrite takes seconds and spills under a 1 MiB pool: 40 ragged chunks of 500 rows. */
    Topic ingestLarge(String path, long seed) throws IOException {
        return ingest(path, "ragged", TopicFixture.nearlyOrdered(40, 500, 0.6, seed));
    }

    /** Starts {@code mosaicod args...} on this deployment, logging plainly, with extra settings. */
    ChildMosaicod start(Map<String, String> extraEnv, List<String> jvmOptions, String... args) throws IOException {
        Map<String, String> env = new HashMap<>(backend.env());
        env.put("MOSAICOD_LOG_FORMAT", "plain");
        env.putAll(extraEnv);
        ChildMosaicod child = ChildMosaicod.start(env, jvmOptions, args);
        processes.add(child);
        return child;
    }

    ChildMosaicod start(Map<String, String> extraEnv, String... args) throws IOException {
        return start(extraEnv, List.of(), args);
    }

    /** A one-shot optimizer pass with default settings, which must finish with exit code 0. */
    ChildMosaicod optimizeNormally() throws IOException, InterruptedException {
        ChildMosaicod child = start(Map.of(), "store-optimizer");
        assertThat(child.awaitExit(PROCESS_TIMEOUT)).as(child.log()).isZero();
        return child;
    }

    /** A one-shot cleanup pass with retention 0, which must finish with exit code 0. */
    ChildMosaicod cleanUpNow() throws IOException, InterruptedException {
        ChildMosaicod child = start(Map.of(), "cleanup", "--retention-duration", "0");
        assertThat(child.awaitExit(PROCESS_TIMEOUT)).as(child.log()).isZero();
        return child;
    }

    /**
     * Waits, polling the database clock (bounded), until no lease is current: every lease left by a killed
     * or cut-off process has expired and may be reclaimed.
     */
    void awaitLeasesExpired(Duration atMost) throws InterruptedException {
        long deadline = System.nanoTime() + atMost.toNanos();
        while (true) {
            var overview = repository.optimizationQueue().overview(Duration.ofHours(1));
            Instant now = overview.now();
            if (overview.leased().stream().map(LeasedTopic::expiresAt).allMatch(expiry -> !expiry.isAfter(now))) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("leases still current after " + atMost + ": " + overview.leased());
            }
            Thread.sleep(100); // polling a clock-driven condition, not standing in for synchronization
        }
    }

    /** Waits (polling the repository, bounded) until every topic in the ledger is optimized. */
    void awaitAllOptimized(Duration atMost, ChildMosaicod... watched) throws InterruptedException {
        long deadline = System.nanoTime() + atMost.toNanos();
        while (true) {
            List<String> waiting = ledger.originals().stream()
                    .filter(o -> !repository.catalog().findTopic(o.topicId()).orElseThrow().isOptimized())
                    .map(DataLedger.Original::locator).toList();
            if (waiting.isEmpty()) {
                return;
            }
            for (ChildMosaicod child : watched) {
                if (!child.isAlive()) {
                    throw new AssertionError("an optimizer exited while topics wait: " + waiting + "; its log:\n"
                            + child.log());
                }
            }
            if (System.nanoTime() > deadline) {
                StringBuilder logs = new StringBuilder();
                for (ChildMosaicod child : watched) {
                    logs.append("\n--- log of pid ").append(child.pid()).append(":\n").append(child.log());
                }
                throw new AssertionError("not optimized after " + atMost + ": " + waiting + logs);
            }
            Thread.sleep(200); // polling the repository for progress made by other processes
        }
    }

    /**
     * After a cleanup pass: every {@code tp_} folder that holds an object is some topic's current folder.
     * A folder without objects does not count: s3proxy's filesystem backend keeps the directories of a PUT
     * whose client died mid-body and lists them as common prefixes, though no object is under them (S3 itself
     * has no such prefixes).
     */
    void assertOnlyCurrentTopicFoldersRemain() throws IOException {
        List<String> current = repository.catalog().listTopics().stream().map(Topic::folder).toList();
        List<String> listed;
        try (var entries = store.listDelimited("")) {
            listed = entries.map(entry -> entry.key().replaceAll("/$", "")).filter(name -> name.startsWith("tp_"))
                    .toList();
        }
        List<String> holdingObjects = new ArrayList<>();
        for (String folder : listed) {
            try (var objects = store.list(folder + "/")) {
                if (objects.findAny().isPresent()) {
                    holdingObjects.add(folder);
                }
            }
        }
        assertThat(holdingObjects).as("topic folders holding objects").containsExactlyInAnyOrderElementsOf(current);
    }

    @Override
    public void close() throws Exception {
        processes.forEach(ChildMosaicod::close);
        allocator.close();
        store.close();
        repository.close();
        backend.close();
    }
}
