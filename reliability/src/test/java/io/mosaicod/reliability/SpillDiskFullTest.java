package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mosaicod.db.OptimizationRun;
import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.Topic;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.tasks.optimizer.OptimizerSettings;
import io.mosaicod.tasks.optimizer.PassSummary;
import io.mosaicod.testkit.ChildMosaicod;
import io.mosaicod.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenario 4, disk full: the optimizer's spill folder ({@code <java.io.tmpdir>/mosaicod-spill}, where the
 * merge spills sorted runs that do not fit the memory pool) is a 256 KiB tmpfs, far too small for the topic's
 * runs. (Only the spill folder: the rest of the temporary folder, where the JDBC and zstd drivers unpack their
 * native libraries at start, keeps its room — a process whose whole temporary folder is full cannot start,
 * and exits 1 naming the repository it could not open.) The
 * topic fails with the disk's error, its spill files are deleted, other topics are optimized, nothing is
 * lost, and a run with room optimizes the topic. A real filesystem that fills up, not a simulated one:
 * the test needs root to mount it (the campaign runs as root; elsewhere it is skipped, saying so).
 */
class SpillDiskFullTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    @TempDir
    Path dir;
    private Path tmp;
    private Path tmpfs;

    @BeforeEach
    void mountTinyTmpfs() throws Exception {
        tmp = Files.createDirectories(dir.resolve("tmp"));
        tmpfs = Files.createDirectories(tmp.resolve("mosaicod-spill"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", tmpfs.toString())
                .redirectErrorStream(true).start();
        String output = new String(mount.getInputStream().readAllBytes());
        assumeTrue(mount.waitFor() == 0, "cannot mount a tmpfs (needs root): " + output);
    }

    @AfterEach
    void unmount() throws Exception {
        if (tmpfs != null) {
            new ProcessBuilder("umount", tmpfs.toString()).inheritIO().start().waitFor();
        }
    }

    @Test
    void aFullSpillDiskFailsOnlyThatTopicLeavesNoSpillFilesAndARunWithRoomOptimizesIt() throws Exception {
        Random random = new Random(Campaign.seed(SEED, "spill disk full"));
        try (Deployment deployment = new Deployment(Backend.embedded(dir.resolve("data")))) {
            // neighbours overlap 98 %: the merge would hold ~40 chunks of 2,000 decoded rows, far beyond a 1 MiB pool
            Topic spilling = deployment.ingest("spill/large", "ragged",
                    TopicFixture.nearlyOrdered(40, 2000, 0.98, random.nextLong()));
            Topic small = deployment.ingestRandom(random, "spill/small");
            try (ChildMosaicod optimizer = deployment.start(Map.of("MOSAICOD_STORE_OPTIMIZER_MEMORY_POOL_SIZE", "1MiB"),
                    List.of("-Djava.io.tmpdir=" + tmp), "store-optimizer")) {
                assertThat(optimizer.awaitExit(Deployment.PROCESS_TIMEOUT)).as(optimizer.log()).isEqualTo(3);
                assertThat(optimizer.log()).containsPattern("\\d+ spill pass(es)? to fit the memory pool")
                        .contains("1 topics successful, 1 topics failed");
            }
            List<OptimizationRun> runs = deployment.repository.optimizationQueue().runsOf(spilling.id());
            assertThat(runs).singleElement().satisfies(run -> {
                assertThat(run.outcome()).isEqualTo(RunOutcome.FAILED);
                assertThat(run.error()).hasValueSatisfying(error -> assertThat(error)
                        .contains("No space left on device", "cannot write spill file " + tmpfs));
            });
            Campaign.report("spill disk full", "the topic failed with: %s", runs.get(0).error().orElseThrow());
            assertThat(deployment.repository.catalog().findTopic(small.id()).orElseThrow().isOptimized()).isTrue();
            try (Stream<Path> left = Files.walk(tmpfs)) {
                assertThat(left.filter(Files::isRegularFile)).as("spill files left on the full disk").isEmpty();
            }
            deployment.ledger.assertNothingLost();
            deployment.ledger.assertQueueDrained();

            deployment.optimizeNormally(); // the default temporary folder has room
            deployment.ledger.assertSettled();
        }
    }

    /**
     * A looping optimizer lives on after a spill failed: the failed spill's files must be closed, not only
     * deleted, or their space stays taken (and file descriptors leak) until the process ends.
     */
    @Test
    void aFailedSpillClosesItsFilesSoTheirSpaceIsGivenBack() throws Exception {
        Random random = new Random(Campaign.seed(SEED, "spill disk full, in process"));
        try (Deployment deployment = new Deployment(Backend.embedded(dir.resolve("data")))) {
            Topic spilling = deployment.ingest("spill/large", "ragged",
                    TopicFixture.nearlyOrdered(40, 2000, 0.98, random.nextLong()));
            OptimizerSettings settings = new OptimizerSettings(256_000_000L, 1 << 20, Duration.ofSeconds(30), tmpfs,
                    3);
            try (InProcessOptimizer optimizer = new InProcessOptimizer(deployment.repository, deployment.store,
                    deployment.allocator, settings)) {
                PassSummary pass = optimizer.runPass();
                assertThat(pass.failures()).singleElement().satisfies(failure -> {
                    assertThat(failure.topicLocator()).isEqualTo(spilling.locator());
                    assertThat(failure.error()).hasValueSatisfying(e -> assertThat(e).contains("No space left on device"));
                });
            }
            assertThat(filesOpenUnder(tmpfs)).as("files this JVM still holds open on the spill disk").isEmpty();
            deployment.ledger.assertNothingLost();
        }
    }

    private static List<String> filesOpenUnder(Path folder) throws IOException {
        try (Stream<Path> descriptors = Files.list(Path.of("/proc/self/fd"))) {
            return descriptors.map(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString();
                } catch (IOException closedMeanwhile) {
                    return "";
                }
            }).filter(target -> target.startsWith(folder.toString())).toList();
        }
    }
}
