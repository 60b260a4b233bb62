package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.Chunk;
import io.mosaicod.db.OptimizationRun;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.testkit.ChildMosaicod;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mosaicod store-optimizer} as real processes (DESIGN.md §6.3, §6.5): exit codes, signals, several
 * instances on one queue, and an instance paused past its lease expiry.
 */
abstract class OptimizerProcessContract {
    static final Duration PROCESS_TIMEOUT = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    Backend backend;
    Repository repository;
    ObjectStore store;
    BufferAllocator allocator;
    TopicFixture fixture;

    /** The repository and store the child processes share with the test. */
    abstract Backend createBackend(Path dataDir) throws Exception;

    @BeforeEach
    void open() throws Exception {
        backend = createBackend(dir.resolve("data"));
        repository = Repositories.open(backend.database());
        store = backend.openStore();
        allocator = new RootAllocator();
        fixture = new TopicFixture(repository, store, allocator);
    }

    @AfterEach
    void close() throws Exception {
        allocator.close();
        store.close();
        repository.close();
        backend.close();
    }

    ChildMosaicod optimizer(Map<String, String> extraEnv, String... args) throws Exception {
        Map<String, String> env = new HashMap<>(backend.env());
        env.put("MOSAICOD_LOG_FORMAT", "plain");
        env.putAll(extraEnv);
        List<String> command = new ArrayList<>(List.of("store-optimizer"));
        command.addAll(List.of(args));
        return ChildMosaicod.start(env, command.toArray(String[]::new));
    }

    List<OptimizationRun> runs(Topic topic) {
        return repository.optimizationQueue().runsOf(topic.id());
    }

    @Test
    void aOneShotRunOptimizesEveryTopicAndExitsThreeWhenOneFails() throws Exception {
        Topic good = fixture.ingest("good", "default", TopicFixture.nearlyOrdered(10, 100, 0.3, 1));
        Topic bad = fixture.ingest("bad", "default", TopicFixture.nearlyOrdered(10, 100, 0.3, 2));
        String corrupt = repository.catalog().listChunks(bad.id()).get(0).objectKey();
        store.put(corrupt, "garbage".getBytes(StandardCharsets.UTF_8));

        try (ChildMosaicod child = optimizer(Map.of())) {
            assertThat(child.awaitExit(PROCESS_TIMEOUT)).as(child.log()).isEqualTo(ExitCode.ITEMS_FAILED);
            assertThat(child.log()).contains("Store optimization routine completed: 1 topics successful, 1 topics failed")
                    .contains(bad.locator()).contains(corrupt);
        }
        assertThat(runs(good)).extracting(OptimizationRun::outcome).containsExactly(RunOutcome.SUCCEEDED);
        assertThat(runs(bad)).extracting(OptimizationRun::outcome).containsExactly(RunOutcome.FAILED);
        assertThat(repository.instances().list().instances()).as("the instance deregistered").isEmpty();
    }

    @Test
    void sigtermDuringARewriteReleasesTheLeaseDeregistersAndExitsZero() throws Exception {
        Topic topic = fixture.ingest("long", "ragged", TopicFixture.nearlyOrdered(120, 1500, 0.9, 3));
        try (ChildMosaicod child = optimizer(Map.of("MOSAICOD_STORE_OPTIMIZER_MEMORY_POOL_SIZE", "2MiB"))) {
            child.awaitLog(line -> line.contains("Optimizing topic " + topic.locator()), PROCESS_TIMEOUT);
            child.signal("STOP"); // freeze it mid-rewrite so the signal surely lands before the commit
            child.signal("TERM");
            child.signal("CONT");
            assertThat(child.awaitExit(PROCESS_TIMEOUT)).as(child.log()).isZero();
        }
        assertThat(runs(topic)).extracting(OptimizationRun::outcome).containsExactly(RunOutcome.INTERRUPTED);
        assertThat(repository.optimizationQueue().overview(Duration.ofHours(1)).leased()).isEmpty();
        assertThat(repository.instances().list().instances()).isEmpty();
        assertThat(repository.catalog().findTopic(topic.id()).orElseThrow().isOptimized()).isFalse();

        try (ChildMosaicod again = optimizer(Map.of())) {
            assertThat(again.awaitExit(PROCESS_TIMEOUT)).as(again.log()).isZero();
        }
        assertThat(runs(topic)).extracting(OptimizationRun::outcome)
                .containsExactly(RunOutcome.SUCCEEDED, RunOutcome.INTERRUPTED);
    }

    @Test
    void severalInstancesOptimizeEveryTopicExactlyOnce() throws Exception {
        List<Topic> topics = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            topics.add(fixture.ingest("t" + i, "default", TopicFixture.nearlyOrdered(6, 150, 0.4, i)));
        }
        List<ChildMosaicod> children = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                children.add(optimizer(Map.of()));
            }
            for (ChildMosaicod child : children) {
                assertThat(child.awaitExit(PROCESS_TIMEOUT)).as(child.log()).isZero();
            }
        } finally {
            children.forEach(ChildMosaicod::close);
        }
        for (Topic topic : topics) {
            assertThat(runs(topic)).as(topic.locator()).singleElement()
                    .satisfies(run -> assertThat(run.outcome()).isEqualTo(RunOutcome.SUCCEEDED));
            assertThat(repository.catalog().findTopic(topic.id()).orElseThrow().isOptimized()).isTrue();
        }
    }

    @Test
    void anInstancePausedPastItsLeaseExpiryNeverCommits() throws Exception {
        Topic topic = fixture.ingest("paused", "ragged", TopicFixture.nearlyOrdered(120, 1500, 0.9, 4));
        List<Chunk> original = repository.catalog().listChunks(topic.id());
        Map<String, String> shortLease = Map.of("MOSAICOD_STORE_OPTIMIZER_LEASE_DURATION", "3",
                "MOSAICOD_STORE_OPTIMIZER_MEMORY_POOL_SIZE", "2MiB");
        try (ChildMosaicod paused = optimizer(shortLease)) {
            paused.awaitLog(line -> line.contains("Optimizing topic " + topic.locator()), PROCESS_TIMEOUT);
            paused.signal("STOP");
            awaitLeaseExpiry();
            try (ChildMosaicod rescuer = optimizer(Map.of())) {
                assertThat(rescuer.awaitExit(PROCESS_TIMEOUT)).as(rescuer.log()).isZero();
            }
            Topic rescued = repository.catalog().findTopic(topic.id()).orElseThrow();
            assertThat(rescued.isOptimized()).isTrue();
            paused.signal("CONT");
            assertThat(paused.awaitExit(PROCESS_TIMEOUT)).as(paused.log()).isEqualTo(ExitCode.ITEMS_FAILED);
            assertThat(repository.catalog().findTopic(topic.id()).orElseThrow().folder())
                    .as("the paused instance did not overwrite the rescuer's commit").isEqualTo(rescued.folder());
        }
        assertThat(runs(topic)).extracting(OptimizationRun::outcome)
                .containsExactlyInAnyOrder(RunOutcome.SUCCEEDED, RunOutcome.LEASE_LOST);
        assertThat(repository.catalog().listChunks(topic.id()).stream().mapToLong(Chunk::rowCount).sum())
                .isEqualTo(original.stream().mapToLong(Chunk::rowCount).sum());
    }

    /** Waits (polling the database clock, bounded) until every current lease has expired. */
    private void awaitLeaseExpiry() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            var leased = repository.optimizationQueue().overview(Duration.ofHours(1)).leased();
            var now = repository.now();
            if (!leased.isEmpty() && leased.stream().allMatch(l -> l.expiresAt().isBefore(now))) {
                return;
            }
            Thread.sleep(100); // polling a clock-driven condition, not standing in for synchronization
        }
        throw new AssertionError("the lease did not expire within 30 s");
    }
}
