package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.Lease;
import io.mosaicod.db.LeasedTopic;
import io.mosaicod.db.OptimizationRun;
import io.mosaicod.db.Topic;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.testkit.ChildMosaicod;
import io.mosaicod.testkit.TestSeed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenario 6: lease expiry is judged by the database's clock, never the worker's. A store optimizer runs as a
 * child JVM whose wall clock is a day ahead or a day behind, through libfaketime ({@code LD_PRELOAD}, Debian
 * package {@code faketime}): it shifts what {@code clock_gettime(CLOCK_REALTIME)} — and so
 * {@code System.currentTimeMillis} and {@code Instant.now} — return, for that process only, while the
 * monotonic clock (timeouts, sleeps, {@code System.nanoTime}) stays true
 * ({@code FAKETIME_DONT_FAKE_MONOTONIC=1}). A JVM option cannot do this ({@code -Duser.timezone} moves the
 * zone, not the instant) and a Java agent would have to rewrite JDK classes; changing the machine's clock
 * would skew PostgreSQL too. The repository is PostgreSQL on the true clock; the store is a local folder,
 * because S3 refuses requests whose signature time is a day off (a skewed worker cannot use S3 at all).
 * The child's own log timestamps prove its clock was skewed.
 */
class SkewedClockTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    /** Where Debian's faketime package puts the library for this JVM's architecture. */
    private static final Path LIBFAKETIME = Path.of("/usr/lib", multiarch(System.getProperty("os.arch")),
            "faketime", "libfaketime.so.1");

    @TempDir
    Path dir;
    Deployment deployment;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue(Files.exists(LIBFAKETIME), "libfaketime is not installed for " + System.getProperty("os.arch")
                + " (no " + LIBFAKETIME + "; apt-get install faketime)");
        deployment = new Deployment(Backend.postgresWithLocalStore(dir.resolve("data")));
    }

    @AfterEach
    void tearDown() throws Exception {
        if (deployment != null) {
            deployment.close();
        }
    }

    /** Debian's multiarch folder name for a JVM architecture ({@code os.arch}). */
    private static String multiarch(String arch) {
        return switch (arch) {
            case "amd64", "x86_64" -> "x86_64-linux-gnu";
            case "aarch64", "arm64" -> "aarch64-linux-gnu";
            default -> arch + "-linux-gnu";
        };
    }

    private ChildMosaicod skewedOptimizer(String offset) throws Exception {
        return deployment.start(Map.of("LD_PRELOAD", LIBFAKETIME.toString(), "FAKETIME", offset,
                "FAKETIME_DONT_FAKE_MONOTONIC", "1", "FAKETIME_DISABLE_SHM", "1",
                "MOSAICOD_STORE_OPTIMIZER_LEASE_DURATION", "3"), "store-optimizer");
    }

    @Test
    void aWorkerWhoseClockIsADayAheadLeavesALiveInstancesLeaseAloneAndStampsDatabaseTime() throws Exception {
        Random random = new Random(Campaign.seed(SEED, "clock a day ahead"));
        Topic held = tiny(random, "clock/held");
        Topic free = tiny(random, "clock/free");
        // a live instance (the test) leases the oldest queued topic for 10 minutes of database time
        var queue = deployment.repository.optimizationQueue();
        queue.enqueueCompleteUnoptimizedTopics();
        long live = deployment.repository.instances().register(InstanceKind.STORE_OPTIMIZER, "live", 1, false);
        Lease lease = queue.acquire(live, Duration.ofMinutes(10)).orElseThrow();
        assertThat(lease.topic().id()).isEqualTo(held.id());

        Instant before = deployment.repository.now();
        try (ChildMosaicod ahead = skewedOptimizer("+1d")) {
            assertThat(ahead.awaitExit(Deployment.PROCESS_TIMEOUT)).as(ahead.log()).isZero();
            assertThat(firstLogInstant(ahead)).as("the worker's clock").isAfter(before.plus(Duration.ofHours(23)));
            assertThat(ahead.log()).doesNotContain("Reclaimed");
        }
        // by its own clock the live lease expired a day ago: it was left alone all the same
        List<LeasedTopic> leased = queue.overview(Duration.ofHours(1)).leased();
        assertThat(leased).singleElement().satisfies(l -> {
            assertThat(l.topicId()).isEqualTo(held.id());
            assertThat(l.instanceId()).isEqualTo(live);
            assertThat(l.expiresAt()).isEqualTo(lease.expiresAt());
        });
        assertThat(deployment.repository.catalog().findTopic(held.id()).orElseThrow().isOptimized()).isFalse();
        // what the worker did is stamped with database time, not its own
        OptimizationRun run = queue.runsOf(free.id()).get(0);
        Instant after = deployment.repository.now();
        assertThat(run.startedAt()).isBetween(before, after);
        assertThat(run.endedAt()).isBetween(before, after);
        assertThat(deployment.repository.catalog().findTopic(free.id()).orElseThrow().optimizedAt())
                .hasValueSatisfying(at -> assertThat(at).isBetween(before, after));

        queue.release(lease);
        deployment.optimizeNormally();
        deployment.ledger.assertSettled();
    }

    @Test
    void aWorkerWhoseClockIsADayBehindReclaimsALeaseThatExpiredByDatabaseTime() throws Exception {
        Random random = new Random(Campaign.seed(SEED, "clock a day behind"));
        Topic abandoned = tiny(random, "clock/abandoned");
        var queue = deployment.repository.optimizationQueue();
        queue.enqueueCompleteUnoptimizedTopics();
        long crashed = deployment.repository.instances().register(InstanceKind.STORE_OPTIMIZER, "crashed", 1, false);
        Lease lease = queue.acquire(crashed, Duration.ofSeconds(1)).orElseThrow();
        assertThat(lease.topic().id()).isEqualTo(abandoned.id());
        deployment.awaitLeasesExpired(Duration.ofSeconds(30));

        Instant before = deployment.repository.now();
        try (ChildMosaicod behind = skewedOptimizer("-1d")) {
            assertThat(behind.awaitExit(Deployment.PROCESS_TIMEOUT)).as(behind.log()).isZero();
            assertThat(firstLogInstant(behind)).as("the worker's clock").isBefore(before.minus(Duration.ofHours(23)));
            // by its own clock the lease has a day left: it reclaimed it all the same
            assertThat(behind.log()).contains("Reclaimed 1 expired leases");
        }
        assertThat(queue.commitOptimization(lease, List.of(), null)).as("the expired lease's fence").isFalse();
        assertThat(queue.runsOf(abandoned.id())).singleElement()
                .satisfies(run -> assertThat(run.startedAt()).isAfterOrEqualTo(before));
        deployment.ledger.assertSettled();
    }

    /**
     * A small topic: a JVM under libfaketime runs several times slower (every clock read goes through it),
     * and what is tested here is where the time comes from, not how much data moves.
     */
    private Topic tiny(Random random, String path) throws Exception {
        return deployment.ingest(path, "default", TopicFixture.nearlyOrdered(3, 20, 0.5, random.nextLong()));
    }

    private static Instant firstLogInstant(ChildMosaicod child) {
        String line = child.logLines().stream().filter(l -> l.length() > 20 && Character.isDigit(l.charAt(0)))
                .findFirst().orElseThrow(() -> new AssertionError("no timestamped log line:\n" + child.log()));
        return Instant.parse(line.substring(0, line.indexOf(' ')));
    }
}
