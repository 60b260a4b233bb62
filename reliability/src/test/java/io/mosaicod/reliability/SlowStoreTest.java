package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.RunOutcome;
import io.mosaicod.tasks.optimizer.OptimizerSettings;
import io.mosaicod.tasks.optimizer.PassSummary;
import io.mosaicod.tasks.optimizer.TopicResult;
import io.mosaicod.testkit.TestSeed;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenario 4, a slow store: every read waits 25 ms and every object published 300 ms, so rewrites last many
 * times the 3 s lease. Two optimizers share the queue. Renewals must keep every lease: each topic is
 * optimized exactly once, none loses its lease, and nothing is lost.
 */
class SlowStoreTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private static final Duration LEASE = Duration.ofSeconds(3);

    @TempDir
    Path dir;

    @Test
    void rewritesLastingManyLeaseDurationsKeepTheirLeaseAndTwoOptimizersNeverShareATopic() throws Exception {
        Random random = new Random(Campaign.seed(SEED, "slow store"));
        try (Deployment deployment = new Deployment(Backend.embedded(dir.resolve("data")))) {
            deployment.ingestLarge("slow/large", random.nextLong());
            for (int i = 0; i < Campaign.size(5, 30); i++) {
                deployment.ingestRandom(random, "slow/t" + i);
            }
            // chunks are read four at a time ahead of the merge, so reads must be slow for the rewrite to be
            Duration perCall = Duration.ofMillis(60);
            Duration perPublish = Duration.ofMillis(500);
            SlowStore slow = new SlowStore(deployment.store, perCall, perPublish);
            OptimizerSettings settings = new OptimizerSettings(64 * 1024, 0, LEASE, dir.resolve("spill"), 3);
            List<TopicResult> results = new ArrayList<>();
            ExecutorService threads = Executors.newFixedThreadPool(2);
            try (InProcessOptimizer a = new InProcessOptimizer(deployment.repository, slow, deployment.allocator, settings);
                 InProcessOptimizer b = new InProcessOptimizer(deployment.repository, slow, deployment.allocator, settings)) {
                Future<PassSummary> first = threads.submit(a::runPass);
                Future<PassSummary> second = threads.submit(b::runPass);
                results.addAll(first.get().topics());
                results.addAll(second.get().topics());
            } finally {
                threads.shutdownNow();
            }
            assertThat(results).extracting(TopicResult::outcome).containsOnly(RunOutcome.SUCCEEDED);
            assertThat(results).extracting(TopicResult::topicLocator).doesNotHaveDuplicates()
                    .hasSize(deployment.ledger.size());
            Duration longest = results.stream().map(TopicResult::elapsed).max(Duration::compareTo).orElseThrow();
            assertThat(longest).as("the slowest rewrite outlasts several leases").isGreaterThan(LEASE.multipliedBy(2));
            deployment.ledger.assertSettled();
            Campaign.report("slow store", "%d topics by 2 optimizers over a store with %d ms reads and %d ms "
                    + "publishes; longest rewrite %d ms with a %d s lease; 0 leases lost", results.size(),
                    perCall.toMillis(), perPublish.toMillis(), longest.toMillis(), LEASE.toSeconds());
        }
    }
}
