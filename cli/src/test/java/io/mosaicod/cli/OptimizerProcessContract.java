package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
    void aDryRunPrintsEachTopicsPlanAndChangesNothing() throws Exception {
        Topic fragmented = fixture.ingest("fragmented", "default", TopicFixture.nearlyOrdered(10, 100, 0.3, 4));
        Topic named = fixture.ingest("named", "default", TopicFixture.nearlyOrdered(6, 100, 0.3, 5));

        MainRun all = MainRun.of(dir, backend.env(), "store-optimizer", "--dry-run");
        MainRun one = MainRun.of(dir, backend.env(), "store-optimizer", "--dry-run", "--topic", named.locator());

        assertThat(all.exitCode()).as(all.err()).isZero();
        assertThat(all.out()).startsWith("Dry run: nothing is leased, written or recorded.")
                .containsPattern("rewrite +" + fragmented.locator() + ": 10 chunks, .* -> \\d+ merged and \\d+ copied")
                .containsPattern("rewrite +" + named.locator() + ": 6 chunks")
                .contains("2 topics a pass would take.");
        assertThat(one.out()).doesNotContain(fragmented.locator()).contains(named.locator(),
                "1 topic a pass would take.");
        for (Topic topic : List.of(fragmented, named)) {
            assertThat(runs(topic)).as("no run recorded").isEmpty();
            assertThat(repository.catalog().findTopic(topic.id()).orElseThrow().isOptimized()).isFalse();
        }
        assertThat(repository.optimizationQueue().enqueueCompleteUnoptimizedTopics()).as("nothing was queued")
                .isEqualTo(2);
        assertThat(repository.instances().list().instances()).as("no instance registered").isEmpty();
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

    /** One one-shot pass as its own process; returns its log once it exited with {@code exitCode}. */
    private String pass(int exitCode, String... args) throws Exception {
        try (ChildMosaicod child = optimizer(Map.of(), args)) {
            assertThat(child.awaitExit(PROCESS_TIMEOUT)).as(child.log()).isEqualTo(exitCode);
            return child.log();
        }
    }

    /** {@code ps} or {@code topic show}: they only read the repository, so they run in this JVM. */
    private String inspect(String... args) {
        MainRun run = MainRun.of(dir, backend.env(), args);
        assertThat(run.exitCode()).as(run.err()).isZero();
        return run.out();
    }

    @Test
    void aTopicThatFailsThreePassesIsGivenUpShownAndRetriedOnRequest() throws Exception {
        Topic good = fixture.ingest("good", "default", TopicFixture.nearlyOrdered(10, 100, 0.3, 5));
        Topic bad = fixture.ingest("bad", "default", TopicFixture.nearlyOrdered(10, 100, 0.3, 6));
        String corrupt = repository.catalog().listChunks(bad.id()).get(3).objectKey();
        byte[] original = store.get(corrupt);
        store.put(corrupt, java.util.Arrays.copyOf(original, original.length / 2)); // a truncated chunk

        for (int attempt = 1; attempt <= 3; attempt++) {
            assertThat(pass(ExitCode.ITEMS_FAILED)).contains("Topic " + bad.locator() + " not optimized (failed)");
        }
        String fourth = pass(ExitCode.OK);

        assertThat(fourth).contains("Topic " + bad.locator() + " skipped: failed 3 times, not retried until"
                + " `store-optimizer --retry-failed` (last error: ").contains(corrupt)
                .contains("Store optimization routine completed: 0 topics successful, 0 topics failed");
        assertThat(runs(bad)).extracting(OptimizationRun::outcome).containsOnly(RunOutcome.FAILED).hasSize(3);
        assertThat(runs(good)).extracting(OptimizationRun::outcome).containsExactly(RunOutcome.SUCCEEDED);

        String ps = inspect("ps");
        assertThat(ps).contains("3 failed in the last 24 h, 1 given up")
                .contains("These failed 3 times in a row (MOSAICOD_STORE_OPTIMIZER_MAX_ATTEMPTS): not retried until"
                        + " `mosaicod store-optimizer --retry-failed`.");
        assertThat(ps.lines().filter(line -> line.startsWith(bad.locator() + " ")))
                .anySatisfy(row -> assertThat(row).matches(bad.locator() + "\\s+3 times\\s+\\d+s ago\\s+chunk .*"));
        JsonNode givenUp = new ObjectMapper().readTree(inspect("ps", "--json")).path("optimization_queue")
                .path("given_up");
        assertThat(givenUp).hasSize(1);
        assertThat(givenUp.get(0).path("topic").asText()).isEqualTo(bad.locator());
        assertThat(givenUp.get(0).path("failed_attempts").asInt()).isEqualTo(3);
        assertThat(givenUp.get(0).path("error").asText()).contains(corrupt);
        assertThat(inspect("topic", "show", bad.locator()))
                .contains("optimization  given up: failed 3 times, not retried until"
                        + " `mosaicod store-optimizer --retry-failed`\nlast error    ")
                .contains(corrupt);
        assertThat(inspect("topic", "ls")).containsPattern(bad.locator() + " .*given up\n");

        store.put(corrupt, original);
        String retried = pass(ExitCode.OK, "--retry-failed");

        assertThat(retried).contains("Retrying topic " + bad.locator() + ", given up after 3 failed attempts")
                .contains("Store optimization routine completed: 1 topics successful, 0 topics failed");
        assertThat(runs(bad).get(0).outcome()).isEqualTo(RunOutcome.SUCCEEDED);
        assertThat(inspect("ps")).doesNotContain("given up");
    }

    @Test
    void namedTopicsAreTheOnlyOnesOptimizedAndAnUnknownOneIsAUsageError() throws Exception {
        List<Topic> topics = new ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            topics.add(fixture.ingest(name, "default", TopicFixture.nearlyOrdered(8, 100, 0.3, name.hashCode())));
        }
        Topic a = topics.get(0);
        Topic b = topics.get(1);
        Topic c = topics.get(2);
        int bChunks = repository.catalog().listChunks(b.id()).size();

        String log = pass(ExitCode.OK, "--topic", a.locator(), "--topic=" + c.locator());

        assertThat(log).contains("Store optimization routine completed: 2 topics successful, 0 topics failed");
        assertThat(reload(a).isOptimized()).isTrue();
        assertThat(reload(c).isOptimized()).isTrue();
        assertThat(reload(b).isOptimized()).isFalse();
        assertThat(repository.catalog().listChunks(b.id())).as("b stays fragmented").hasSize(bChunks);
        assertThat(runs(b)).isEmpty();

        assertThat(pass(ExitCode.OK, "--topic", a.locator()))
                .contains("Topic " + a.locator() + " is already optimized (")
                .contains("Store optimization routine completed: 0 topics successful, 0 topics failed");

        try (ChildMosaicod typo = optimizer(Map.of(), "--topic", b.locator(), "--topic", "nope/imu")) {
            assertThat(typo.awaitExit(PROCESS_TIMEOUT)).as(typo.log()).isEqualTo(ExitCode.USAGE);
            assertThat(typo.logLines()).containsExactly(
                    "mosaicod: --topic nope/imu: no such topic in the repository; 'mosaicod topic ls' lists them"
                            + " (see 'mosaicod store-optimizer --help')");
        }
        assertThat(reload(b).isOptimized()).as("nothing ran").isFalse();
        assertThat(repository.instances().list().instances()).isEmpty();
    }

    private Topic reload(Topic topic) {
        return repository.catalog().findTopic(topic.id()).orElseThrow();
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
