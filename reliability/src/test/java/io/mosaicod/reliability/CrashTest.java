package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.Catalog;
import io.mosaicod.db.Topic;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.testkit.ChildMosaicod;
import io.mosaicod.testkit.TestSeed;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenario 1: {@code kill -9} of a store optimizer at random instants — while it rewrites, commits or renews
 * its lease — loses nothing: after every kill each topic still reads exactly as ingested, and once the
 * killed leases have expired a normal run optimizes every topic exactly once. A 3 s lease (renewed every
 * second) makes renewals frequent and lets the next trial's process reclaim the killed one's topics.
 * The campaign must have killed at least one rewrite; random instants rarely hit the milliseconds of a
 * commit, which {@link PinnedCrashTest} pins instead.
 */
abstract class CrashTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private static final Map<String, String> SHORT_LEASE = Map.of("MOSAICOD_STORE_OPTIMIZER_LEASE_DURATION", "3");
    /** The first guess at how long a pass over the queued work takes in a fresh JVM; then measured. */
    private static final int FIRST_PASS_ESTIMATE_MS = 4000;
    /** Topics kept waiting for the optimizer, so that every trial has work to be killed in. */
    private static final int QUEUED_TOPICS = 10;

    @TempDir
    Path dir;
    Deployment deployment;
    private int ingested;

    abstract Backend backend(Path dir) throws Exception;

    @BeforeEach
    void deploy() throws Exception {
        deployment = new Deployment(backend(dir));
    }

    @AfterEach
    void tearDown() throws Exception {
        deployment.close();
    }

    @Test
    void killNineAtRandomInstantsLosesNothingAndANormalRunThenOptimizesEveryTopicOnce() throws Exception {
        String scenario = "crash (" + deployment.backend + ")";
        Random random = new Random(Campaign.seed(SEED, scenario));
        int trials = Campaign.size(4, 100);
        Map<KillPhase, Integer> phases = new TreeMap<>();
        long passEstimateMs = FIRST_PASS_ESTIMATE_MS;
        for (int trial = 0; trial < trials; trial++) {
            keepWorkQueued(random);
            Map<String, String> env = new HashMap<>(SHORT_LEASE);
            if (random.nextBoolean()) {
                env.put("MOSAICOD_STORE_OPTIMIZER_MEMORY_POOL_SIZE", "1MiB"); // spill passes in the large topics
            }
            KillPhase phase;
            try (ChildMosaicod optimizer = deployment.start(env, "store-optimizer")) {
                optimizer.awaitLog(line -> line.contains("Store optimization routine started"),
                        Deployment.PROCESS_TIMEOUT);
                // the instant of the fault: uniform over the length of a pass, drawn from the seed
                Thread.sleep((long) (random.nextDouble() * passEstimateMs));
                optimizer.killHard();
                int exit = optimizer.awaitExit(Deployment.PROCESS_TIMEOUT);
                phase = KillPhase.of(exit, optimizer.logLines(), deployment.repository.catalog());
                if (phase == KillPhase.AFTER_PASS) {
                    passEstimateMs = passMillis(optimizer.logLines());
                }
            }
            phases.merge(phase, 1, Integer::sum);
            deployment.ledger.assertNothingLost();
        }
        Campaign.report(scenario, "%d kill -9 trials over %d topics; kills by phase %s", trials,
                deployment.ledger.size(), phases);
        // the campaign's subject: kills that all landed between topics or after passes would prove nothing
        assertThat(phases.getOrDefault(KillPhase.DURING_REWRITE, 0))
                .as("kills inside a rewrite (by phase: %s)", phases).isPositive();

        deployment.awaitLeasesExpired(Duration.ofSeconds(30));
        deployment.optimizeNormally();
        deployment.ledger.assertSettled();
        deployment.cleanUpNow(); // what the killed rewrites left in their fresh folders is garbage
        deployment.assertOnlyCurrentTopicFoldersRemain();
        deployment.ledger.assertNothingLost();
    }

    /** From the log: how long the pass took, from its start line to its completion line. */
    private static long passMillis(List<String> log) {
        Instant started = null;
        for (String line : log) {
            if (line.contains("Store optimization routine started")) {
                started = Instant.parse(line.substring(0, line.indexOf(' ')));
            } else if (line.contains("Store optimization routine completed") && started != null) {
                return Math.max(100, Duration.between(started, Instant.parse(line.substring(0, line.indexOf(' '))))
                        .toMillis());
            }
        }
        throw new AssertionError("no complete pass in the log:\n" + String.join("\n", log));
    }

    /**
     * Ingests topics until {@link #QUEUED_TOPICS} wait to be optimized: one in five large (seconds of rewrite,
     * several lease renewals), two in five tiny (the commit is a large share of their time), the rest random.
     */
    private void keepWorkQueued(Random random) throws Exception {
        long waiting = deployment.repository.catalog().listTopics().stream().filter(t -> !t.isOptimized()).count();
        for (long i = waiting; i < QUEUED_TOPICS; i++) {
            String path = "crash/t" + (++ingested);
            int kind = random.nextInt(5);
            if (kind == 0) {
                deployment.ingestLarge(path, random.nextLong());
            } else if (kind <= 2) {
                deployment.ingest(path, "default", TopicFixture.nearlyOrdered(2 + random.nextInt(3),
                        5 + random.nextInt(30), 0.5, random.nextLong()));
            } else {
                deployment.ingestRandom(random, path);
            }
        }
    }

    /** Where in the optimizer's work a kill landed, from its log and the repository afterwards. */
    enum KillPhase {
        /** Leasing, planning, or between topics. */
        BETWEEN_TOPICS,
        /** A rewrite (or its verification or commit) had started and had not committed. */
        DURING_REWRITE,
        /** The commit of the topic in flight had landed, but the process died before logging it. */
        RIGHT_AFTER_COMMIT,
        /** The pass had already ended. */
        AFTER_PASS;

        static KillPhase of(int exitCode, List<String> log, Catalog catalog) {
            if (exitCode != 137 || log.stream().anyMatch(line -> line.contains("Store optimization routine completed"))) {
                return AFTER_PASS;
            }
            String inFlight = null;
            for (String line : log) {
                if (line.contains("Optimizing topic ")) {
                    inFlight = locatorAfter(line, "Optimizing topic ");
                } else if (line.contains("Optimized topic ") || line.contains("already optimal")) {
                    inFlight = null;
                }
            }
            if (inFlight == null) {
                return BETWEEN_TOPICS;
            }
            String locator = inFlight;
            boolean committed = catalog.findTopicByLocator(locator).map(Topic::isOptimized).orElse(false);
            return committed ? RIGHT_AFTER_COMMIT : DURING_REWRITE;
        }

        private static String locatorAfter(String line, String marker) {
            String rest = line.substring(line.indexOf(marker) + marker.length());
            int end = rest.indexOf(':');
            return end < 0 ? rest : rest.substring(0, end);
        }
    }
}
