package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.Chunk;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.FailingTopic;
import io.mosaicod.db.Lease;
import io.mosaicod.db.OptimizationRun;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.Topic;
import io.mosaicod.db.TopicScope;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.StoreUnavailableException;
import ch.qos.logback.classic.Level;
import io.mosaicod.tasks.CapturedLogs;
import io.mosaicod.tasks.StopSignal;
import io.mosaicod.read.fixture.ForwardingObjectStore;
import io.mosaicod.read.fixture.TopicFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The store optimizer's behaviour (DESIGN.md §6): {@code <Backend>StoreOptimizerTest} runs it on each repository +
 * store combination (InMemory, Embedded, ScaleOut).
 */
abstract class StoreOptimizerContract {
    static final long MAX_CHUNK = 256_000_000L;
    static final int MAX_ATTEMPTS = 3;

    @TempDir
    Path spill;

    Repository repository;
    ObjectStore store;
    BufferAllocator allocator;
    ScheduledExecutorService renewals;
    TopicFixture fixture;
    long instanceId;

    abstract Repository openRepository() throws Exception;

    abstract ObjectStore openStore() throws Exception;

    @BeforeEach
    void setUp() throws Exception {
        repository = openRepository();
        store = openStore();
        allocator = new RootAllocator();
        renewals = Executors.newSingleThreadScheduledExecutor();
        fixture = new TopicFixture(repository, store, allocator);
        instanceId = repository.instances().register(InstanceKind.STORE_OPTIMIZER, "test", 1, true);
    }

    @AfterEach
    void tearDown() throws Exception {
        renewals.shutdownNow();
        assertThat(allocator.getAllocatedMemory()).as("leaked Arrow memory").isZero();
        allocator.close();
        store.close();
        repository.close();
    }

    OptimizerSettings settings(long maxChunk, long pool) {
        return new OptimizerSettings(maxChunk, pool, Duration.ofSeconds(30), spill, MAX_ATTEMPTS);
    }

    PassSummary runPass(OptimizerSettings settings) {
        return optimizer(settings).runPass();
    }

    StoreOptimizer optimizer(OptimizerSettings settings) {
        StopSignal stop = new StopSignal();
        TopicOptimizer topics = TopicOptimizer.assemble(repository.catalog(), repository.optimizationQueue(), store,
                allocator, settings, renewals, stop);
        return new StoreOptimizer(repository.optimizationQueue(), topics, settings, instanceId, stop);
    }

    Topic reload(Topic topic) {
        return repository.catalog().findTopic(topic.id()).orElseThrow();
    }

    /** The contract: timestamp ascending, nulls last, ties in input order (a stable sort of the input). */
    static List<String> stableTimeOrder(List<String> rows) {
        List<String> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparing(TopicFixture::timestampOf, Comparator.nullsLast(Comparator.naturalOrder())));
        return sorted;
    }

    @Test
    void rewritesAFragmentedTopicIntoFewTimeSortedChunks() throws IOException {
        Topic topic = fixture.ingest("imu/front", "default", TopicFixture.nearlyOrdered(40, 200, 0.3, 7));
        List<String> before = fixture.rows(topic);
        Map<String, String> originals = fixture.checksums(topic.folder());
        byte[] metadata = store.get(topic.folder() + "/metadata.json");

        PassSummary summary = runPass(settings(MAX_CHUNK, 0));

        assertThat(summary.topics()).singleElement().satisfies(r -> assertThat(r.outcome()).isEqualTo(RunOutcome.SUCCEEDED));
        assertThat(summary.headline()).isEqualTo("Store optimization routine completed: 1 topics successful, 0 topics failed");
        Topic after = reload(topic);
        assertThat(after.folder()).isNotEqualTo(topic.folder()).startsWith("tp_");
        assertThat(after.isOptimized()).isTrue();
        assertThat(repository.catalog().listChunks(topic.id())).hasSize(1)
                .allSatisfy(c -> assertThat(c.objectKey()).isEqualTo(after.folder() + "/data/00000.parquet"));
        assertThat(fixture.rows(after)).containsExactlyElementsOf(stableTimeOrder(before));
        assertThat(fixture.schemas(after)).allSatisfy(s -> assertThat(s).isEqualTo(TopicFixture.SCHEMA));
        assertThat(store.get(after.folder() + "/metadata.json")).isEqualTo(metadata);
        assertThat(fixture.checksums(topic.folder())).as("the original folder is untouched").isEqualTo(originals);
        assertThat(repository.optimizationQueue().runsOf(topic.id())).singleElement()
                .satisfies(run -> assertThat(run.outcome()).isEqualTo(RunOutcome.SUCCEEDED));
        assertThat(runPass(settings(MAX_CHUNK, 0)).topics()).as("an optimized topic is not queued again").isEmpty();
    }

    @Test
    void unsortedChunksAndNullTimestampsComeOutSortedWithNullsLastAndTiesInInputOrder() throws IOException {
        long seed = System.nanoTime();
        System.out.println("unsorted chunks seed=" + seed);
        Random random = new Random(seed);
        List<TopicFixture.ChunkShape> chunks = new ArrayList<>();
        for (int c = 0; c < 12; c++) {
            List<Long> ts = new ArrayList<>();
            for (int r = 0; r < 150; r++) {
                ts.add(random.nextInt(15) == 0 ? null : 1_000L + random.nextInt(400)); // many ties
            }
            if (c % 3 != 0) {
                ts.sort(Comparator.nullsLast(Comparator.naturalOrder()));
            } else {
                Collections.shuffle(ts, random);
            }
            chunks.add(new TopicFixture.ChunkShape(ts));
        }
        Topic topic = fixture.ingest("lidar", "ragged", chunks);
        List<String> before = fixture.rows(topic);

        assertThat(runPass(settings(MAX_CHUNK, 0)).successful()).isEqualTo(1);

        assertThat(fixture.rows(reload(topic))).containsExactlyElementsOf(stableTimeOrder(before));
    }

    /**
     * Both the writer of parquet-java's column writers (default, uncompressed) and the one of columns in lanes
     * (ragged). A ragged chunk's pages still being filled count uncompressed, so such a chunk may be closed
     * below the limit once they are compressed: only the default one's is exact.
     */
    @ParameterizedTest
    @ValueSource(strings = {"default", "ragged"})
    void chunksAreFlushedAtAboutTheMaxChunkSize(String serializationFormat) throws IOException {
        Topic topic = fixture.ingest("gps", serializationFormat, TopicFixture.nearlyOrdered(30, 400, 0.2, 11));
        List<String> before = fixture.rows(topic);
        long max = 64 * 1024;

        assertThat(runPass(settings(max, 0)).successful()).isEqualTo(1);

        List<Chunk> chunks = repository.catalog().listChunks(topic.id());
        assertThat(chunks).hasSizeGreaterThan(2);
        for (int i = 0; i < chunks.size(); i++) {
            Chunk chunk = chunks.get(i);
            assertThat(chunk.sizeBytes()).as("overshoot bound of " + chunk.objectKey())
                    .isLessThanOrEqualTo(max + RewriteTuning.DEFAULT.maxOvershootBytes(max));
            if (i < chunks.size() - 1 && serializationFormat.equals("default")) {
                assertThat(chunk.sizeBytes()).as("a chunk is closed only once full").isGreaterThanOrEqualTo(max);
            }
        }
        assertThat(fixture.rows(reload(topic))).containsExactlyElementsOf(stableTimeOrder(before));
    }

    @Test
    void sortedDisjointChunksThatCannotBeMergedAreMarkedOptimalWithoutRewrite() throws IOException {
        List<TopicFixture.ChunkShape> chunks = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            List<Long> ts = new ArrayList<>();
            for (int r = 0; r < 500; r++) {
                ts.add(c * 1_000_000L + r);
            }
            chunks.add(new TopicFixture.ChunkShape(ts));
        }
        Topic topic = fixture.ingest("camera", "image", chunks);
        long smallest = repository.catalog().listChunks(topic.id()).stream().mapToLong(Chunk::sizeBytes).min().orElseThrow();

        PassSummary summary = runPass(settings(smallest + 1, 0));

        assertThat(summary.topics()).singleElement()
                .satisfies(r -> assertThat(r.outcome()).isEqualTo(RunOutcome.ALREADY_OPTIMAL));
        assertThat(summary.alreadyOptimal()).isEqualTo(1);
        Topic after = reload(topic);
        assertThat(after.folder()).isEqualTo(topic.folder());
        assertThat(after.isOptimized()).isTrue();
    }

    @Test
    void aFailedTopicIsReleasedRecordedAndRetriedWhileOthersProceed() throws IOException {
        Topic broken = fixture.ingest("broken", "default", TopicFixture.nearlyOrdered(5, 100, 0.5, 3));
        Topic healthy = fixture.ingest("healthy", "default", TopicFixture.nearlyOrdered(5, 100, 0.5, 4));
        String corruptKey = repository.catalog().listChunks(broken.id()).get(2).objectKey();
        byte[] original = store.get(corruptKey);
        store.put(corruptKey, "not a parquet file".getBytes(StandardCharsets.UTF_8));
        Map<String, String> brokenFolder = fixture.checksums(broken.folder());

        PassSummary first = runPass(settings(MAX_CHUNK, 0));

        assertThat(first.successful()).isEqualTo(1);
        assertThat(first.failures()).singleElement().satisfies(f -> {
            assertThat(f.topicLocator()).isEqualTo(broken.locator());
            assertThat(f.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(f.error()).get().asString().contains(corruptKey);
        });
        assertThat(first.headline()).isEqualTo("Store optimization routine completed: 1 topics successful, 1 topics failed");
        assertThat(reload(broken).isOptimized()).isFalse();
        assertThat(reload(broken).folder()).isEqualTo(broken.folder());
        assertThat(fixture.checksums(broken.folder())).isEqualTo(brokenFolder);
        assertThat(repository.optimizationQueue().overview(Duration.ofHours(1)).leased()).isEmpty();
        assertThat(reload(healthy).isOptimized()).isTrue();

        assertThat(runPass(settings(MAX_CHUNK, 0)).failures()).as("the next pass retries it").hasSize(1);
        store.put(corruptKey, original);
        assertThat(runPass(settings(MAX_CHUNK, 0)).successful()).isEqualTo(1);
        assertThat(repository.optimizationQueue().runsOf(broken.id())).extracting(OptimizationRun::outcome)
                .containsExactly(RunOutcome.SUCCEEDED, RunOutcome.FAILED, RunOutcome.FAILED);
    }

    @Test
    void aTopicThatFailedMaxAttemptsPassesIsSkippedUntilRetried() throws IOException {
        Topic broken = fixture.ingest("broken", "default", TopicFixture.nearlyOrdered(5, 100, 0.5, 3));
        String corruptKey = repository.catalog().listChunks(broken.id()).get(1).objectKey();
        byte[] original = store.get(corruptKey);
        store.put(corruptKey, "not a parquet file".getBytes(StandardCharsets.UTF_8));
        for (int pass = 1; pass <= MAX_ATTEMPTS; pass++) {
            PassSummary failing = runPass(settings(MAX_CHUNK, 0));
            assertThat(failing.failures()).as("pass " + pass).hasSize(1);
            assertThat(failing.givenUp()).as("pass " + pass).isEmpty();
        }
        Topic later = fixture.ingest("later", "default", TopicFixture.nearlyOrdered(5, 100, 0.5, 4));

        PassSummary skipping = runPass(settings(MAX_CHUNK, 0));

        assertThat(skipping.topics()).extracting(TopicResult::topicLocator).containsExactly(later.locator());
        assertThat(skipping.failures()).isEmpty();
        assertThat(skipping.givenUp()).singleElement().satisfies(givenUp -> {
            assertThat(givenUp.topicLocator()).isEqualTo(broken.locator());
            assertThat(givenUp.failedAttempts()).isEqualTo(MAX_ATTEMPTS);
            assertThat(givenUp.lastFailure().error()).get().asString().contains(corruptKey);
        });
        store.put(corruptKey, original);
        assertThat(runPass(settings(MAX_CHUNK, 0)).topics()).as("still skipped once repaired").isEmpty();

        StoreOptimizer optimizer = optimizer(settings(MAX_CHUNK, 0));
        assertThat(optimizer.retryFailed()).extracting(FailingTopic::topicLocator).containsExactly(broken.locator());
        PassSummary retried = optimizer.runPass();

        assertThat(retried.successful()).isEqualTo(1);
        assertThat(retried.givenUp()).isEmpty();
        assertThat(reload(broken).isOptimized()).isTrue();
    }

    @Test
    void attemptsCutShortByAnUnreachableStoreAreInterruptedAndNeverGiveTheTopicUp() throws IOException {
        Topic topic = fixture.ingest("outage", "default", TopicFixture.nearlyOrdered(5, 100, 0.5, 3));
        UnreachableStore outage = new UnreachableStore(store);
        StopSignal stop = new StopSignal();
        TopicOptimizer topics = TopicOptimizer.assemble(repository.catalog(), repository.optimizationQueue(), outage,
                allocator, settings(MAX_CHUNK, 0), renewals, stop);
        StoreOptimizer optimizer = new StoreOptimizer(repository.optimizationQueue(), topics, settings(MAX_CHUNK, 0),
                instanceId, stop);
        try (CapturedLogs logs = new CapturedLogs("io.mosaicod.tasks.optimizer")) {
            for (int pass = 1; pass <= MAX_ATTEMPTS + 1; pass++) {
                PassSummary during = optimizer.runPass();
                assertThat(during.failures()).as("pass " + pass).singleElement().satisfies(f -> {
                    assertThat(f.outcome()).isEqualTo(RunOutcome.INTERRUPTED);
                    assertThat(f.error()).get().asString().contains("unreachable in this test");
                });
                assertThat(during.givenUp()).as("pass " + pass).isEmpty();
            }
            // the outage is the store's to report, once: a looping optimizer must not warn every pass of it
            assertThat(logs.messages(Level.WARN)).isEmpty();
            assertThat(logs.messages(Level.INFO)).filteredOn(m -> m.contains("not optimized (interrupted)"))
                    .hasSize(MAX_ATTEMPTS + 1);
        }
        outage.down = false;

        assertThat(optimizer.runPass().successful()).isEqualTo(1);
        assertThat(reload(topic).isOptimized()).isTrue();
        assertThat(repository.optimizationQueue().runsOf(topic.id())).extracting(OptimizationRun::outcome)
                .containsOnly(RunOutcome.SUCCEEDED, RunOutcome.INTERRUPTED).hasSize(MAX_ATTEMPTS + 2);
    }

    /** A store that does not answer reads while it is down, as S3 behind a broken network. */
    private static final class UnreachableStore extends ForwardingObjectStore {
        volatile boolean down = true;

        UnreachableStore(ObjectStore store) {
            super(store);
        }

        @Override
        public io.mosaicod.core.io.RandomAccessSource openSource(String key) throws IOException {
            if (down) {
                throw new StoreUnavailableException(key, "reading '" + key + "' failed: the store is unreachable "
                        + "in this test", new java.net.ConnectException("Connection refused"));
            }
            return super.openSource(key);
        }

        @Override
        public byte[] get(String key) throws IOException {
            if (down) {
                throw new StoreUnavailableException(key, "reading '" + key + "' failed: the store is unreachable "
                        + "in this test", new java.net.ConnectException("Connection refused"));
            }
            return super.get(key);
        }
    }

    @Test
    void anOptimizerLimitedToSomeTopicsLeavesTheOthersAlone() throws IOException {
        Topic named = fixture.ingest("named", "default", TopicFixture.nearlyOrdered(5, 100, 0.5, 5));
        Topic other = fixture.ingest("other", "default", TopicFixture.nearlyOrdered(5, 100, 0.5, 6));

        PassSummary summary = optimizer(settings(MAX_CHUNK, 0)).limitedTo(TopicScope.only(List.of(named.id())))
                .runPass();

        assertThat(summary.topics()).extracting(TopicResult::topicLocator).containsExactly(named.locator());
        assertThat(reload(named).isOptimized()).isTrue();
        assertThat(reload(other).isOptimized()).isFalse();
        assertThat(repository.optimizationQueue().overview(Duration.ofHours(1)).waiting())
                .as("the other topic is not even queued").isZero();
    }

    @Test
    void anInstanceThatLostItsLeaseNeverCommits() throws IOException {
        Topic topic = fixture.ingest("fenced", "default", TopicFixture.nearlyOrdered(6, 100, 0.5, 5));
        var queue = repository.optimizationQueue();
        queue.enqueueCompleteUnoptimizedTopics();
        Lease stale = queue.acquire(instanceId, Duration.ZERO).orElseThrow(); // expires at once
        long other = repository.instances().register(InstanceKind.STORE_OPTIMIZER, "other", 2, true);
        assertThat(queue.reclaimExpiredLeases()).isEqualTo(1);
        Lease current = queue.acquire(other, Duration.ofMinutes(5)).orElseThrow();

        StopSignal stop = new StopSignal();
        OptimizerSettings settings = settings(MAX_CHUNK, 0);
        TopicResult result = TopicOptimizer.assemble(repository.catalog(), queue, store, allocator, settings, renewals, stop)
                .optimize(stale);

        assertThat(result.outcome()).isEqualTo(RunOutcome.LEASE_LOST);
        assertThat(reload(topic).folder()).isEqualTo(topic.folder());
        assertThat(reload(topic).isOptimized()).isFalse();
        TopicResult winner = TopicOptimizer.assemble(repository.catalog(), queue, store, allocator, settings, renewals, stop)
                .optimize(current);
        assertThat(winner.outcome()).isEqualTo(RunOutcome.SUCCEEDED);
        assertThat(reload(topic).folder()).isEqualTo(current.freshFolder());
    }

    @Test
    void aRewriteFailingAfterItsLeaseWasLostIsNoFailureOfTheTopic() throws IOException {
        fixture.ingest("taken", "default", TopicFixture.nearlyOrdered(6, 100, 0.5, 7));
        var queue = repository.optimizationQueue();
        queue.enqueueCompleteUnoptimizedTopics();
        Lease stale = queue.acquire(instanceId, Duration.ZERO).orElseThrow(); // expires at once
        long other = repository.instances().register(InstanceKind.STORE_OPTIMIZER, "other", 2, true);
        assertThat(queue.reclaimExpiredLeases()).isEqualTo(1);
        queue.acquire(other, Duration.ofMinutes(5)).orElseThrow();
        // the stale lease's fresh folder is unreferenced now, and a cleanup may remove it under the rewrite
        ObjectStore cleanedUp = new ForwardingObjectStore(store) {
            @Override
            public io.mosaicod.store.ObjectWriter newWriter(String key) throws IOException {
                if (key.startsWith(stale.freshFolder() + "/")) {
                    throw new IOException("the temporary file of '" + key + "' vanished");
                }
                return super.newWriter(key);
            }
        };

        TopicResult result = TopicOptimizer.assemble(repository.catalog(), queue, cleanedUp, allocator,
                settings(MAX_CHUNK, 0), renewals, new StopSignal()).optimize(stale);

        assertThat(result.outcome()).isEqualTo(RunOutcome.LEASE_LOST);
        assertThat(result.error()).hasValueSatisfying(error -> assertThat(error).contains("vanished"));
    }

    @Test
    void aTopicLargerThanTheMemoryPoolIsMergedBySpillingSortedRuns() throws IOException {
        Topic topic = fixture.ingest("dense", "ragged", TopicFixture.nearlyOrdered(60, 300, 0.97, 9));
        List<String> before = fixture.rows(topic);
        long arrowBytes = repository.catalog().listChunks(topic.id()).stream().mapToLong(Chunk::arrowSizeBytes).sum();
        long pool = arrowBytes / 6;

        PassSummary summary = runPass(settings(MAX_CHUNK, pool));

        assertThat(summary.topics()).singleElement().satisfies(r -> {
            assertThat(r.outcome()).isEqualTo(RunOutcome.SUCCEEDED);
            assertThat(r.spillPasses()).isGreaterThanOrEqualTo(1);
        });
        assertThat(fixture.rows(reload(topic))).containsExactlyElementsOf(stableTimeOrder(before));
        try (var left = Files.list(spill)) {
            assertThat(left).as("spill files are removed").isEmpty();
        }
    }

    @Test
    void largeSortedChunksThatOverlapNothingAreCopiedWithoutDecoding() throws IOException {
        Topic topic = fixture.ingest("ingested", "ragged", TopicFixture.nearlyOrdered(12, 400, 0.0, 13));
        List<String> before = fixture.rows(topic);
        List<Chunk> input = repository.catalog().listChunks(topic.id());
        long largest = input.stream().mapToLong(Chunk::sizeBytes).max().orElseThrow();
        long max = 3 * largest + 1; // a quarter of it is below every chunk: each one is copied whole

        assertThat(runPass(settings(max, 0)).successful()).isEqualTo(1);

        Topic after = reload(topic);
        List<Chunk> output = repository.catalog().listChunks(topic.id());
        assertThat(output).hasSizeBetween(4, 6);
        assertThat(output).allSatisfy(c -> assertThat(c.sizeBytes()).isLessThanOrEqualTo(max));
        assertThat(fixture.rowGroups(after)).as("copied row groups are kept as they are").isEqualTo(12);
        assertThat(fixture.rows(after)).containsExactlyElementsOf(stableTimeOrder(before));
        assertThat(fixture.schemas(after)).allSatisfy(s -> assertThat(s).isEqualTo(TopicFixture.SCHEMA));
        for (Chunk chunk : output) {
            assertThat(chunk.sorted()).isTrue();
            assertThat(repository.catalog().columnStats(chunk.id())).extracting(c -> c.columnPath())
                    .contains("timestamp_ns", "acc_x", "label", "gps.lat", "gps.lon");
        }
    }

    // seconds of real time on every backend, fakes too (the renewal timer races the clock): not in the fast tier
    @Tag("slow")
    @Test
    void aRewriteLongerThanTheLeaseSucceedsBecauseTheLeaseIsRenewed() throws Exception {
        Topic topic = fixture.ingest("slow", "default", TopicFixture.nearlyOrdered(24, 50, 0.5, 17));
        // a store whose reads take 700 ms each (read four at a time ahead of the merge): the rewrite lasts
        // several lease durations of 1 s
        ObjectStore slow = new SlowReads(store, Duration.ofMillis(700));
        OptimizerSettings settings = new OptimizerSettings(MAX_CHUNK, 0, Duration.ofSeconds(1), spill, MAX_ATTEMPTS);
        StopSignal stop = new StopSignal();
        TopicOptimizer topics = TopicOptimizer.assemble(repository.catalog(), repository.optimizationQueue(), slow,
                allocator, settings, renewals, stop);
        long started = System.nanoTime();

        PassSummary summary = new StoreOptimizer(repository.optimizationQueue(), topics, settings, instanceId, stop)
                .runPass();

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThan(Duration.ofSeconds(3));
        assertThat(summary.topics()).singleElement()
                .satisfies(r -> assertThat(r.outcome()).as(r.error().orElse("")).isEqualTo(RunOutcome.SUCCEEDED));
        assertThat(reload(topic).isOptimized()).isTrue();
    }

    /** Delays every positioned-read source it opens, like a store far away. */
    private static final class SlowReads extends ForwardingObjectStore {
        private final Duration delay;

        SlowReads(ObjectStore store, Duration delay) {
            super(store);
            this.delay = delay;
        }

        @Override
        public io.mosaicod.core.io.RandomAccessSource openSource(String key) throws IOException {
            try {
                Thread.sleep(delay.toMillis()); // injected latency, not synchronization
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException();
            }
            return super.openSource(key);
        }
    }
}
