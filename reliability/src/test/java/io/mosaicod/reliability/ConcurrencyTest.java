package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.Topic;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.read.TopicReader;
import io.mosaicod.store.ObjectKeys;
import io.mosaicod.testkit.ChildMosaicod;
import io.mosaicod.testkit.TestSeed;
import java.io.IOException;
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
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenario 3: four looping store optimizers, one looping cleanup with retention 0, a server ingesting
 * through Flight and two readers, all at once over the same repository and store. Half the topics exist
 * before the processes start (written as ingestion writes them); the other half arrive through the server's
 * DoPut while the optimizers and the cleanup work. One reader reads random topics whole, in time order, in
 * process with {@link TopicReader}; the other through the server's DoGet. Every completed read must return
 * exactly the original rows; a read may only fail because retention 0 deleted the folder it had resolved,
 * after the topic moved to a new one (docs/cleanup.md, "Retention 0"): the failure must name a missing
 * object of that folder. In the end every topic is optimized
 * exactly once, nothing is lost, and the cleanup leaves only current folders.
 */
abstract class ConcurrencyTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private static final int OPTIMIZERS = 4;

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
        Random random = new Random(Campaign.seed(SEED, scenario));
        int topics = Campaign.size(24, 200);
        List<Long> readable = new CopyOnWriteArrayList<>();
        // the server reads its own metadata.json (the fixture writes a stand-in): DoGet reads what it ingested
        List<Long> servedByServer = new CopyOnWriteArrayList<>();
        for (int i = 0; i < topics / 2; i++) {
            readable.add(deployment.ingestRandom(random, "busy/t" + i).id());
        }
        List<ChildMosaicod> processes = new ArrayList<>();
        for (int i = 0; i < OPTIMIZERS; i++) {
            processes.add(deployment.start(Map.of("MOSAICOD_STORE_OPTIMIZER_LEASE_DURATION", "10"),
                    "store-optimizer", "--time-interval", "1"));
        }
        processes.add(deployment.start(Map.of(), "cleanup", "--time-interval", "1", "--retention-duration", "0"));
        ServerSession server = new ServerSession(deployment);
        processes.add(server.process());

        AtomicBoolean stop = new AtomicBoolean();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        AtomicInteger reads = new AtomicInteger();
        AtomicInteger readsOfDeletedFolders = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        long inProcessSeed = random.nextLong();
        threads.add(thread("reader-in-process", failures, () -> {
            Random pick = new Random(inProcessSeed);
            while (!stop.get()) {
                count(readWhole(readable.get(pick.nextInt(readable.size())), this::readInProcess), reads,
                        readsOfDeletedFolders);
            }
        }));
        long doGetSeed = random.nextLong();
        threads.add(thread("reader-doget", failures, () -> {
            Random pick = new Random(doGetSeed);
            while (!stop.get()) {
                if (servedByServer.isEmpty()) {
                    Thread.onSpinWait();
                    continue;
                }
                count(readWhole(servedByServer.get(pick.nextInt(servedByServer.size())), server::read), reads,
                        readsOfDeletedFolders);
            }
        }));
        long ingestSeed = random.nextLong();
        Thread ingestion = thread("ingestion", failures, () -> {
            Random shapes = new Random(ingestSeed);
            for (int i = topics / 2; i < topics; i++) {
                String format = shapes.nextBoolean() ? "default" : "ragged";
                long id = server.ingest("busy_s" + i, format, Deployment.randomShape(shapes)).id();
                readable.add(id);
                servedByServer.add(id);
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
        server.close();
        for (ChildMosaicod process : processes) {
            process.signal("TERM");
        }
        for (ChildMosaicod process : processes) {
            assertThat(process.awaitExit(Deployment.PROCESS_TIMEOUT)).as(process.log()).isZero();
        }
        failures.forEach(Throwable::printStackTrace);
        assertThat(failures).as("reader or ingestion failures (stack traces above)").isEmpty();
        assertThat(reads.get()).as("complete reads").isPositive();

        deployment.ledger.assertSettled();
        deployment.cleanUpNow();
        deployment.assertOnlyCurrentTopicFoldersRemain();
        deployment.ledger.assertNothingLost();
        Campaign.report(scenario, "%d topics (%d through the server's DoPut); %d optimizers, 1 cleanup (retention 0), "
                        + "1 server, 2 readers (in process and DoGet); %d complete reads all equal to the originals, "
                        + "%d reads cut by retention 0 after a switch", deployment.ledger.size(), topics - topics / 2,
                OPTIMIZERS, reads.get(), readsOfDeletedFolders.get());
    }

    @FunctionalInterface
    private interface RowSource {
        List<String> rows(String locator) throws Exception;
    }

    private List<String> readInProcess(String locator) throws IOException {
        Topic topic = deployment.repository.catalog().findTopicByLocator(locator).orElseThrow();
        List<String> rows = new ArrayList<>();
        new TopicReader(deployment.repository.catalog(), deployment.store, deployment.allocator)
                .read(topic, TopicFixture.SCHEMA, TopicReader.Range.ALL, 500, batch -> {
                    for (int r = 0; r < batch.getRowCount(); r++) {
                        rows.add(TopicFixture.render(batch, r));
                    }
                });
        return rows;
    }

    /**
     * Reads the topic whole, in time order, and checks the rows against the original. Returns false if the
     * read failed only because the folder it had resolved was switched away and deleted meanwhile.
     */
    private boolean readWhole(long topicId, RowSource source) throws Exception {
        Topic before = deployment.repository.catalog().findTopic(topicId).orElseThrow();
        List<String> rows;
        try {
            rows = source.rows(before.locator());
        } catch (Exception e) {
            Topic after = deployment.repository.catalog().findTopic(topicId).orElseThrow();
            if (!after.folder().equals(before.folder()) && namesMissingObjectOf(e, before.folder())) {
                return false; // retention 0 deleted the folder this read had resolved; the topic lives on in the new one
            }
            throw new AssertionError("reading " + before.locator() + " failed, and not for a missing object of "
                    + before.folder() + " (its folder now: " + after.folder() + ")", e);
        }
        DataLedger.Original original = deployment.ledger.original(topicId);
        assertThat(DataLedger.digest(rows)).as("rows of %s read in time order", before.locator())
                .isEqualTo(original.sortedDigest());
        return true;
    }

    /**
     * Whether {@code failure} or one of its causes says an object of {@code folder} was not found: the only
     * way retention 0 cuts a read. The message is checked because DoGet's failures reach the client as text.
     */
    static boolean namesMissingObjectOf(Throwable failure, String folder) {
        String prefix = ObjectKeys.folderPrefix(folder);
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = cause.getMessage();
            if (message != null && message.contains("object not found: '") && message.contains(prefix)) {
                return true;
            }
        }
        return false;
    }

    private static void count(boolean complete, AtomicInteger reads, AtomicInteger cut) {
        (complete ? reads : cut).incrementAndGet();
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
