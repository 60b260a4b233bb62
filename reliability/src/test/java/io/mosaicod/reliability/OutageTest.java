package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.Topic;
import io.mosaicod.testkit.ChildMosaicod;
import io.mosaicod.testkit.TestSeed;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenario 4, outages: a part the optimizer depends on goes away in the middle of a rewrite and comes back
 * after a random while (seeded). A looping optimizer ({@code --time-interval 1}, 3 s lease) rides it out:
 * the topics it was working on fail or lose their lease, nothing half-done is published, and once the part
 * is back every topic is optimized exactly once by the same process, which then stops cleanly on SIGTERM.
 */
abstract class OutageTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    /**
     * A pass every second cuts the topics an outage of up to 8 s touches short several times in a row, more often
     * than MOSAICOD_STORE_OPTIMIZER_MAX_ATTEMPTS (3 by default): such attempts must not count toward giving a
     * topic up (docs/store-optimizer.md), or the scenario's topics would not all be optimized.
     */
    private static final Map<String, String> SETTINGS = Map.of("MOSAICOD_STORE_OPTIMIZER_LEASE_DURATION", "3",
            "MOSAICOD_STORE_OPTIMIZER_MEMORY_POOL_SIZE", "1MiB");

    @TempDir
    Path dir;
    Deployment deployment;

    /** The deployment, whose processes reach the part through something {@link #takeDown()} can break. */
    abstract Deployment deploy(Path dir) throws Exception;

    abstract String part();

    abstract void takeDown() throws Exception;

    abstract void bringBack() throws Exception;

    /** Shortest and longest outage, in milliseconds. */
    abstract int[] outageMillis();

    @BeforeEach
    void setUp() throws Exception {
        deployment = deploy(dir);
    }

    @AfterEach
    void tearDown() throws Exception {
        deployment.close();
    }

    @Test
    void aLoopingOptimizerRidesOutTheOutageLosingNothingAndOptimizesEveryTopicOnce() throws Exception {
        String scenario = part() + " outage";
        Random random = new Random(Campaign.seed(SEED, scenario));
        int trials = Campaign.size(1, 6);
        long totalOutageMs = 0;
        try (ChildMosaicod optimizer = deployment.start(SETTINGS, "store-optimizer", "--time-interval", "1")) {
            for (int trial = 0; trial < trials; trial++) {
                Topic large = deployment.ingestLarge("outage/large" + trial, random.nextLong());
                for (int i = 0; i < 3; i++) {
                    deployment.ingestRandom(random, "outage/t" + trial + "_" + i);
                }
                optimizer.awaitLog(line -> line.contains("Optimizing topic " + large.locator()),
                        Deployment.PROCESS_TIMEOUT);
                int[] range = outageMillis();
                long outageMs = range[0] + random.nextInt(range[1] - range[0]);
                takeDown();
                try {
                    Thread.sleep(outageMs); // the length of the outage, drawn from the seed
                } finally {
                    bringBack();
                }
                totalOutageMs += outageMs;
                deployment.awaitAllOptimized(Deployment.PROCESS_TIMEOUT, optimizer);
                deployment.ledger.assertNothingLost();
            }
            optimizer.signal("TERM");
            assertThat(optimizer.awaitExit(Deployment.PROCESS_TIMEOUT)).as(optimizer.log()).isZero();
            Campaign.report(scenario, "%d outages (%d ms in all) during rewrites of %d topics; log lines about failures: %d",
                    trials, totalOutageMs, deployment.ledger.size(),
                    optimizer.logLines().stream().filter(line -> line.contains("WARN")).count());
        }
        deployment.ledger.assertSettled();
    }
}
