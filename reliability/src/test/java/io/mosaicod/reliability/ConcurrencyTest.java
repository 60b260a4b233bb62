package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.Topic;
import io.mosaicod.tasks.fixture.TopicFixture;
import io.mosaicod.tasks.read.TopicReader;
import io.mosaicod.testkit.ChildMosaicod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenario 3: four looping store optimizers, one looping cleanup with retention 0, two readers and an
 * ingesting thread, all at once over the same repository and store. Ingestion writes topics the way the
 * server does (chunks through the codec, rows recorded); readers read random topics whole, in time order,
 * with {@link TopicReader} while they are being optimized and their old folders deleted. Every completed
 * read must return exactly the original rows; a read may only fail because retention 0 deleted the folder
 * it had resolved, after the topic moved to a new one (docs/cleanup.md, "Retention 0"). In the end every
 * topic is optimized exactly once, nothing is lost, and the cleanup leaves only current folders.
 */
abstract class ConcurrencyTest {
    private static final int OPTIMIZERS = 4;
    private static final int READERS = 2;

    @TempDir
    Path dir;
    Deployment deployment;

    abstract Backend backend(Path dir) throws Exception;

    @BeforeEach
    void setUp() throws Exception {
        deployment = new Deployment(backend(dir));
    }

    @AfterEach
    void tearDown() throws Exception {
        deployment.close();
    }

    @Test
    void optimizersCleanupReadersAndIngestionTogetherLoseNothingAndOptimizeEveryTopicOnce() throws Exception {
        String scenario = "concurrency (" + deployment.backend + ")";
        Random random = new Random(Campaign.seed(scenario));
        int topics = Campaign.size(24, 200);
        List<Long> readable = new CopyOnWriteArrayList<>();
        for (int i = 0; i < topics / 2; i++) {
            readable.add(deployment.ingestRandom(random, "busy/t" + i).id());
        }
        List<ChildMosaicod> processes = new ArrayList<>();
        for (int i = 0; i < OPTIMIZERS; i++) {
            processes.add(deployment.start(Map.of("MOSAICOD_STORE_OPTIMIZER_LEASE_DURATION", "10"),
                    "store-optimizer", "--time-interval", "1"));
        }
        processes.add(deployment.start(Map.of(), "cleanup", "--time-interval", "1", "--retention-duration", "0"));

        AtomicBoolean stop = new AtomicBoolean();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        AtomicInteger reads = new AtomicInteger();
        AtomicInteger readsOfDeletedFolders = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int r = 0; r < READERS; r++) {
            long seed = random.nextLong();
            threads.add(thread("reader-" + r, failures, () -> {
                Random pick = new Random(seed);
                while (!stop.get()) {
                    long topicId = readable.get(pick.nextInt(readable.size()));
                    if (readWhole(topicId)) {
                        reads.incrementAndGet();
                    } else {
                        readsOfDeletedFolders.incrementAndGet();
                    }
                }
            }));
        }
        long ingestSeed = random.nextLong();
        Thread ingestion = thread("ingestion", failures, () -> {
            Random shapes = new Random(ingestSeed);
            for (int i = topics / 2; i < topics; i++) {
                readable.add(deployment.ingestRandom(shapes, "busy/t" + i).id());
            }
        });
        threads.add(ingestion);
        threads.forEach(Thread::start);
        try {
            ingestion.join(Deployment.PROCESS_TIMEOUT.toMillis());
            assertThat(ingestion.isAlive()).as("ingestion finished").isFalse();
            deployment.awaitAllOptimized(Deployment.PROCESS_TIMEOUT, processes.toArray(ChildMosaicod[]::new));
        } finally {
            stop.set(true);
            for (Thread thread : threads) {
                thread.join(Deployment.PROCESS_TIMEOUT.toMillis());
            }
        }
        for (ChildMosaicod process : processes) {
            process.signal("TERM");
        }
        for (ChildMosaicod process : processes) {
            assertThat(process.awaitExit(Deployment.PROCESS_TIMEOUT)).as(process.log()).isZero();
        }
        assertThat(failures).as("reader or ingestion failures").isEmpty();
        assertThat(reads.get()).as("complete reads").isPositive();

        deployment.ledger.assertSettled();
        deployment.cleanUpNow();
        deployment.assertOnlyCurrentTopicFoldersRemain();
        deployment.ledger.assertNothingLost();
        Campaign.report(scenario, "%d topics; %d optimizers, 1 cleanup (retention 0), %d readers, 1 ingesting thread; "
                        + "%d complete reads all equal to the originals, %d reads cut by retention 0 after a switch",
                deployment.ledger.size(), OPTIMIZERS, READERS, reads.get(), readsOfDeletedFolders.get());
    }

    /**
     * Reads the topic whole, in time order, and checks the rows against the original. Returns false if the
     * read failed only because the folder it had resolved was switched away and deleted meanwhile.
     */
    private boolean readWhole(long topicId) throws IOException {
        Topic before = deployment.repository.catalog().findTopic(topicId).orElseThrow();
        List<String> rows = new ArrayList<>();
        try {
            new TopicReader(deployment.repository.catalog(), deployment.store, deployment.allocator)
                    .read(before, TopicFixture.SCHEMA, TopicReader.Range.ALL, 500, batch -> {
                        for (int r = 0; r < batch.getRowCount(); r++) {
                            rows.add(TopicFixture.render(batch, r));
                        }
                    });
        } catch (IOException | UncheckedIOException e) {
            Topic after = deployment.repository.catalog().findTopic(topicId).orElseThrow();
            if (!after.folder().equals(before.folder()) && String.valueOf(e.getMessage()).contains(before.folder())) {
                return false; // retention 0 deleted the folder this read had resolved; the topic lives on in the new one
            }
            throw new AssertionError("reading " + before.locator() + " failed while its folder stayed "
                    + before.folder(), e);
        }
        DataLedger.Original original = deployment.ledger.original(topicId);
        assertThat(DataLedger.digest(rows)).as("rows of %s read in time order", before.locator())
                .isEqualTo(original.sortedDigest());
        return true;
    }

    @FunctionalInterface
    private interface Work {
        void run() throws Exception;
    }

    private static Thread thread(String name, ConcurrentLinkedQueue<Throwable> failures, Work work) {
        Thread thread = new Thread(() -> {
            try {
                work.run();
            } catch (Throwable e) {
                failures.add(e);
            }
        }, name);
        thread.setDaemon(true);
        return thread;
    }
}
