package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Topic;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.format.ChunkReader;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectInfo;
import io.mosaicod.testkit.ChildMosaicod;
import io.mosaicod.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #19's crash campaign: a {@code mosaicod server} child process is killed with {@code kill -9} while 8–16
 * uploads run at once (small batches of random sizes, from several client threads over one to three
 * connections). The server acknowledges each batch (a PutResult carrying the batch's number) once its chunk is
 * durable in the store and recorded in the repository. After each kill a new server is started on the same data
 * folder and every topic of the trial is checked:
 * <ul>
 *   <li>every batch acknowledged to a client is recorded and reads back, from its chunk and through the new
 *       server's DoGet, with exactly the rows sent, in order; acknowledgements arrived in batch order;</li>
 *   <li>every topic is either <em>complete</em> — its upload marked complete, holding exactly every batch sent
 *       (and every upload whose completion the server confirmed is complete) — or <em>cleanly incomplete</em>: not
 *       complete, its chunk rows a prefix of the batches sent (ordinals 0..n-1, no gap), each row's object in the
 *       topic's folder with the size recorded, each equal to the batch sent; the prefix holds at least the
 *       acknowledged batches;</li>
 *   <li>nothing is corrupt for the next processes: the restarted server logs no error and serves every topic;
 *       a {@code cleanup --retention-duration 0} exits 0, removes no topic's folder, and the topics read back the
 *       same afterwards.</li>
 * </ul>
 * The new server takes the next trial's uploads, so every trial but the first starts on a data folder already
 * holding the incomplete topics of the earlier kills. At the end, every topic of every trial is checked once
 * more ({@link DataLedger}).
 *
 * <p>Trials: {@link Campaign#size} (3, or 60 with {@code -Dreliability.long=true}), or {@code
 * -Dmosaicod.reliability.trials=N}. The kill lands after a number of acknowledgements drawn from the seed
 * (uniform over the trial's batches), or, in one trial in four, after a delay drawn uniformly over the time
 * the trial's uploads were estimated to take (from the rate at which an earlier trial's batches were stored).
 */
abstract class UploadKillTest {
    static final String TRIALS_PROPERTY = "mosaicod.reliability.trials";
    private static final String SCENARIO = "server killed during concurrent uploads";
    /** How long the client threads may take to notice that the server died. */
    private static final Duration THREADS_END_WITHIN = Duration.ofSeconds(30);

    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    @TempDir
    Path dir;

    abstract Backend backend(Path dir) throws Exception;

    @Test
    void everyAcknowledgedBatchSurvivesAndEveryTopicIsCompleteOrCleanlyIncomplete() throws Exception {
        Random random = new Random(Campaign.seed(SEED, SCENARIO));
        int trials = Integer.getInteger(TRIALS_PROPERTY, Campaign.size(3, 60));
        Figures figures = new Figures();
        long started = System.nanoTime();
        try (Deployment deployment = new Deployment(backend(dir))) {
            ServerSession server = new ServerSession(deployment);
            try {
                for (int t = 0; t < trials; t++) {
                    Trial trial = new Trial(t, new Random(random.nextLong()), deployment);
                    long t0 = System.nanoTime();
                    trial.run(server, figures);
                    assertNoErrorLogged(server.process(), "the killed server (trial " + t + ")");
                    server.close();
                    long t1 = System.nanoTime();
                    server = new ServerSession(deployment);
                    long t2 = System.nanoTime();
                    trial.check(server, figures);
                    long t3 = System.nanoTime();
                    ChildMosaicod cleanup = deployment.cleanUpNow();
                    assertNoErrorLogged(cleanup, "the cleanup after trial " + t);
                    deployment.assertOnlyCurrentTopicFoldersRemain();
                    trial.checkStored(figures); // what the cleanup left is still what was sent
                    assertNoErrorLogged(server.process(), "the restarted server (trial " + t + ")");
                    long t4 = System.nanoTime();
                    Campaign.report(SCENARIO, "trial %d: %s; ms: uploads and kill %d, restart %d, checks %d,"
                            + " cleanup and checks %d", t, trial.summary(), millis(t1 - t0), millis(t2 - t1),
                            millis(t3 - t2), millis(t4 - t3));
                }
            } finally {
                server.close();
            }
            deployment.ledger.assertNothingLost();
            assertThat(deployment.ledger.size()).isEqualTo(figures.topics);
        }
        Campaign.report(SCENARIO, "%d trials, %d kills (%s); %d uploads of %d batches: %d acknowledged batches"
                        + " checked (%d more recorded unacknowledged, %d objects written but not recorded); topics %d"
                        + " complete (%d without the client hearing it), %d cleanly incomplete (%d of them empty);"
                        + " %d rows read back; %d of %d client connections reported leaked Arrow memory at close"
                        + " (%d bytes in all); %d s",
                trials, figures.kills, figures.killMoments(), figures.topics, figures.batches, figures.acknowledged,
                figures.recordedUnacknowledged, figures.unrecordedObjects, figures.complete,
                figures.completeUnconfirmed, figures.incomplete, figures.empty, figures.rows,
                figures.clientsLeaking, figures.connections, figures.clientBytesLeaked,
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    private static void assertNoErrorLogged(ChildMosaicod process, String what) {
        assertThat(process.logLines()).as("ERROR lines of %s; its log:\n%s", what, process.log())
                .noneMatch(line -> line.contains("ERROR"));
    }

    /** What the campaign counted, for its report line and docs/reliability.md. */
    static final class Figures {
        int kills;
        int killsBeforeAnyAcknowledgement;
        int killsMidUpload;
        int killsAfterAllUploads;
        int topics;
        long batches;
        long acknowledged;
        long recordedUnacknowledged;
        long unrecordedObjects;
        int complete;
        int completeUnconfirmed;
        int incomplete;
        int empty;
        long rows;
        int connections;
        int clientsLeaking;
        long clientBytesLeaked;
        /**
         * Batches stored per second, from the last trial whose uploads all ended or that was killed after a number
         * of acknowledgements (0 = not measured yet).
         */
        double batchesPerSecond;

        String killMoments() {
            return killsBeforeAnyAcknowledgement + " before any acknowledgement, " + killsMidUpload
                    + " mid-upload, " + killsAfterAllUploads + " after every upload ended";
        }
    }

    /** One upload of a trial: its batches (timestamps), what was sent, what the server acknowledged. */
    static final class PlannedUpload {
        final String locator;
        final String serializationFormat;
        final List<List<Long>> batches;
        final List<List<String>> sentRows = new ArrayList<>();
        UUID uuid;
        long topicId;
        String folder;
        private long acknowledged;
        private String acknowledgementOutOfOrder;
        volatile boolean completeCalled;
        volatile boolean completed;
        volatile Throwable failure;
        volatile boolean failedBeforeKill;

        PlannedUpload(String locator, String serializationFormat, List<List<Long>> batches) {
            this.locator = locator;
            this.serializationFormat = serializationFormat;
            this.batches = batches;
        }

        /** On a gRPC thread: the server confirmed batch {@code number} stored. */
        synchronized void acknowledged(long number) {
            if (number != acknowledged && acknowledgementOutOfOrder == null) {
                acknowledgementOutOfOrder = "batch " + number + " acknowledged after " + acknowledged + " batches";
            }
            acknowledged = Math.max(acknowledged, number + 1);
        }

        synchronized long acknowledgedBatches() {
            return acknowledged;
        }

        synchronized String acknowledgementOutOfOrder() {
            return acknowledgementOutOfOrder;
        }

        List<String> rowsOfFirst(int batches) {
            return sentRows.subList(0, batches).stream().flatMap(List::stream).toList();
        }
    }

    /**
     * When to kill the server: once the clients heard {@code threshold} acknowledgements, or once {@code delay}
     * passed, or once every upload ended, whichever comes first.
     */
    static final class KillSwitch {
        private final int uploads;
        private final long threshold;
        private long acknowledgements;
        private int ended;
        private volatile boolean killed;

        KillSwitch(int uploads, long threshold) {
            this.uploads = uploads;
            this.threshold = threshold;
        }

        synchronized void acknowledged() {
            acknowledgements++;
            if (acknowledgements >= threshold) {
                notifyAll();
            }
        }

        synchronized void uploadEnded() {
            ended++;
            notifyAll();
        }

        synchronized long acknowledgements() {
            return acknowledgements;
        }

        synchronized boolean allEnded() {
            return ended == uploads;
        }

        /** Waits for the kill's moment: the threshold, every upload ended, or {@code delay} elapsed. */
        synchronized void awaitMoment(Duration delay) throws InterruptedException {
            long deadline = System.nanoTime() + delay.toNanos();
            while (acknowledgements < threshold && ended < uploads) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }

        void killing() {
            killed = true;
        }

        boolean killed() {
            return killed;
        }
    }

    /** One trial: topics created, uploads run, the server killed, then everything checked. */
    static final class Trial {
        private final int number;
        private final Random random;
        private final Deployment deployment;
        private final List<PlannedUpload> uploads = new ArrayList<>();
        private final int threads;
        private final int connections;
        private String killMoment;
        private long acknowledgedAtKill;
        private long batches;

        Trial(int number, Random random, Deployment deployment) {
            this.number = number;
            this.random = random;
            this.deployment = deployment;
            int count = 8 + random.nextInt(9);
            int sequences = 1 + random.nextInt(4);
            for (int u = 0; u < count; u++) {
                int maxRows = new int[] {5, 40, 300}[random.nextInt(3)];
                int batchCount = 4 + random.nextInt(37);
                List<List<Long>> planned = new ArrayList<>();
                long t = 1_700_000_000_000_000_000L + random.nextInt(1_000_000_000);
                for (int b = 0; b < batchCount; b++) {
                    List<Long> ts = new ArrayList<>();
                    int rows = 1 + random.nextInt(maxRows);
                    for (int r = 0; r < rows; r++) {
                        t += 1 + random.nextInt(5_000_000); // strictly increasing: DoGet's time order is send order
                        ts.add(t);
                    }
                    planned.add(ts);
                }
                batches += batchCount;
                String locator = "k" + number + "_robot" + (u % sequences) + "/sensor" + u;
                uploads.add(new PlannedUpload(locator, random.nextBoolean() ? "default" : "ragged", planned));
            }
            this.threads = 2 + random.nextInt(Math.min(count, 8) - 1);
            this.connections = 1 + random.nextInt(Math.min(threads, 3));
        }

        /** Creates the topics, runs the uploads, kills the server at the drawn moment, waits for the clients. */
        void run(ServerSession server, Figures figures) throws Exception {
            createTopics(server.client());
            boolean byAcknowledgements = random.nextInt(4) != 0;
            long threshold = byAcknowledgements ? random.nextLong(batches) : Long.MAX_VALUE;
            double estimatedSeconds = figures.batchesPerSecond > 0 ? batches / figures.batchesPerSecond : 1.0;
            Duration delay = byAcknowledgements ? Deployment.PROCESS_TIMEOUT
                    : Duration.ofNanos((long) (random.nextDouble() * estimatedSeconds * 1e9));
            KillSwitch kill = new KillSwitch(uploads.size(), threshold);

            List<MosaicoClient> clients = new ArrayList<>();
            List<Thread> workers = new ArrayList<>();
            CountDownLatch go = new CountDownLatch(1);
            try {
                for (int c = 0; c < connections; c++) {
                    figures.connections++;
                    clients.add(MosaicoClient.connect("127.0.0.1", server.port()));
                }
                for (int w = 0; w < threads; w++) {
                    List<PlannedUpload> mine = new ArrayList<>();
                    for (int u = w; u < uploads.size(); u += threads) {
                        mine.add(uploads.get(u));
                    }
                    MosaicoClient client = clients.get(w % connections);
                    long seed = random.nextLong();
                    Thread worker = new Thread(() -> upload(client, mine, new Random(seed), kill, go),
                            "upload-" + number + "-" + w);
                    worker.setDaemon(true); // a worker stuck past the kill must not outlive the test JVM
                    workers.add(worker);
                    worker.start();
                }
                long startedAt = System.nanoTime();
                go.countDown();
                kill.awaitMoment(delay);
                double elapsedSeconds = (System.nanoTime() - startedAt) / 1e9;
                kill.killing();
                acknowledgedAtKill = kill.acknowledgements();
                boolean allEnded = kill.allEnded();
                assertThat(server.process().killHard()).as("the server was alive when killed; its log:\n%s",
                        server.process().log()).isTrue();
                server.process().awaitExit(Deployment.PROCESS_TIMEOUT);
                figures.kills++;
                if (allEnded) {
                    figures.killsAfterAllUploads++;
                    killMoment = "after every upload ended";
                } else if (acknowledgedAtKill == 0) {
                    figures.killsBeforeAnyAcknowledgement++;
                    killMoment = "before any acknowledgement";
                } else {
                    figures.killsMidUpload++;
                    killMoment = "mid-upload";
                }
                killMoment += String.format(" (%s, %d of %d batches acknowledged, %.0f ms)",
                        byAcknowledgements ? "drawn: after " + threshold + " acknowledgements"
                                : String.format("drawn: after %d ms", delay.toMillis()),
                        acknowledgedAtKill, batches, elapsedSeconds * 1000);
                if (allEnded) {
                    figures.batchesPerSecond = batches / elapsedSeconds;
                } else if (byAcknowledgements && acknowledgedAtKill > 0 && acknowledgedAtKill >= threshold) {
                    figures.batchesPerSecond = acknowledgedAtKill / elapsedSeconds;
                }

                long deadline = System.nanoTime() + THREADS_END_WITHIN.toNanos();
                for (Thread worker : workers) {
                    worker.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                }
                List<String> stuck = workers.stream().filter(Thread::isAlive)
                        .map(worker -> worker.getName() + " at\n  " + Arrays.stream(worker.getStackTrace())
                                .map(String::valueOf).collect(Collectors.joining("\n  ")))
                        .toList();
                assertThat(stuck).as("client threads still uploading %s after the server was killed (trial %d)",
                        THREADS_END_WITHIN, number).isEmpty();
            } finally {
                go.countDown();
                for (MosaicoClient client : clients) {
                    closeAfterKill(client, figures);
                }
            }
            for (PlannedUpload upload : uploads) {
                assertThat(upload.failedBeforeKill).as("%s failed before the kill: %s", upload.locator,
                        upload.failure).isFalse();
                assertThat(upload.acknowledgementOutOfOrder()).as("acknowledgements of %s", upload.locator).isNull();
            }
        }

        /**
         * Closes a client whose server was killed under its uploads. Its allocator may report Arrow memory of
         * batches that were queued for the dead stream and never released (counted, see the report).
         */
        private static void closeAfterKill(MosaicoClient client, Figures figures) throws InterruptedException {
            try {
                client.close();
            } catch (IllegalStateException e) {
                if (e.getMessage() == null || !e.getMessage().startsWith("Memory was leaked")) {
                    throw e;
                }
                figures.clientsLeaking++;
                figures.clientBytesLeaked += Long.parseLong(e.getMessage().replaceAll("(?s).*Memory leaked: \\((\\d+)\\).*", "$1"));
            }
        }

        private void createTopics(MosaicoClient client) {
            ObjectNode metadata = JsonNodeFactory.instance.objectNode().put("robot", "fleet").put("trial", number);
            List<String> sequences = uploads.stream().map(u -> u.locator.substring(0, u.locator.indexOf('/')))
                    .distinct().toList();
            for (String sequence : sequences) {
                client.createSequence(sequence, metadata);
                SessionHandle session = client.createSession(sequence);
                for (PlannedUpload upload : uploads) {
                    if (upload.locator.startsWith(sequence + "/")) {
                        upload.uuid = client.createTopic(session.uuid(),
                                new TopicSpec(upload.locator, upload.serializationFormat, "imu", metadata));
                        Topic topic = deployment.repository.catalog().findTopicByLocator(upload.locator).orElseThrow();
                        upload.topicId = topic.id();
                        upload.folder = topic.folder();
                    }
                }
            }
        }

        /**
         * One client thread: opens its uploads, then sends their batches interleaved in a random order, completing
         * each after its last batch, until all ended or the server died.
         */
        private static void upload(MosaicoClient client, List<PlannedUpload> mine, Random random, KillSwitch kill,
                                   CountDownLatch go) {
            TopicFixture batches = new TopicFixture(null, null, client.allocator());
            List<TopicUpload> open = new ArrayList<>();
            List<PlannedUpload> running = new ArrayList<>();
            try {
                go.await();
                for (PlannedUpload planned : mine) {
                    try {
                        open.add(client.upload(planned.locator, planned.uuid, TopicFixture.SCHEMA, number -> {
                            planned.acknowledged(number);
                            kill.acknowledged();
                        }));
                        running.add(planned);
                    } catch (RuntimeException e) {
                        failed(planned, e, kill);
                        open.add(null);
                    }
                }
                List<Integer> left = new ArrayList<>();
                for (int i = 0; i < mine.size(); i++) {
                    if (open.get(i) != null) {
                        left.add(i);
                    }
                }
                while (!left.isEmpty()) {
                    int pick = random.nextInt(left.size());
                    int i = left.get(pick);
                    PlannedUpload planned = mine.get(i);
                    TopicUpload upload = open.get(i);
                    int next = planned.sentRows.size();
                    try {
                        if (next < planned.batches.size()) {
                            try (VectorSchemaRoot batch = batches.batchOf(planned.batches.get(next), next)) {
                                List<String> rows = new ArrayList<>();
                                for (int r = 0; r < batch.getRowCount(); r++) {
                                    rows.add(TopicFixture.render(batch, r));
                                }
                                planned.sentRows.add(rows); // what the batch holds, sent or about to be
                                upload.put(batch);
                            }
                        } else {
                            planned.completeCalled = true;
                            upload.complete();
                            planned.completed = true;
                            left.remove(pick);
                            kill.uploadEnded();
                        }
                    } catch (RuntimeException e) {
                        failed(planned, e, kill);
                        left.remove(pick);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                for (TopicUpload upload : open) {
                    if (upload != null) {
                        upload.close(); // aborts the uploads that did not complete
                    }
                }
            }
        }

        private static void failed(PlannedUpload planned, RuntimeException e, KillSwitch kill) {
            planned.failure = e;
            planned.failedBeforeKill = !kill.killed();
            kill.uploadEnded();
        }

        /** After the restart: every topic complete or cleanly incomplete, every acknowledged batch there. */
        void check(ServerSession server, Figures figures) throws IOException {
            for (PlannedUpload upload : uploads) {
                Topic topic = deployment.repository.catalog().findTopic(upload.topicId).orElseThrow();
                String what = upload.locator + " (trial " + number + ", " + upload.acknowledgedBatches()
                        + " of " + upload.batches.size() + " batches acknowledged, " + upload.sentRows.size()
                        + " sent, completion " + (upload.completed ? "confirmed" : upload.completeCalled
                        ? "asked, not confirmed" : "not asked") + ", kill " + killMoment + ")";
                assertThat(upload.acknowledgedBatches()).as("batches of %s acknowledged: a prefix of those sent", what)
                        .isLessThanOrEqualTo(upload.sentRows.size());
                int recorded = checkChunks(upload, what, figures);
                assertThat((long) recorded).as("chunks recorded of %s: every acknowledged batch", what)
                        .isGreaterThanOrEqualTo(upload.acknowledgedBatches());
                if (topic.isUploadComplete()) {
                    assertThat(recorded).as("chunks of the complete topic %s", what).isEqualTo(upload.batches.size());
                    assertThat(upload.completeCalled).as("%s complete though its client never completed it", what)
                            .isTrue();
                    figures.complete++;
                    if (!upload.completed) {
                        figures.completeUnconfirmed++;
                    }
                } else {
                    assertThat(upload.completed).as("%s: its completion was confirmed, yet it is incomplete", what)
                            .isFalse();
                    figures.incomplete++;
                    if (recorded == 0) {
                        figures.empty++;
                    }
                }
                List<String> expected = upload.rowsOfFirst(recorded);
                assertThat(server.read(upload.locator)).as("rows of %s read through the restarted server's DoGet",
                        what).isEqualTo(expected);
                figures.topics++;
                figures.batches += upload.batches.size();
                figures.acknowledged += upload.acknowledgedBatches();
                figures.recordedUnacknowledged += recorded - upload.acknowledgedBatches();
                figures.rows += expected.size();
                String metadataJson = new String(deployment.store.get(upload.folder + "/" + Folder.METADATA_FILE),
                        StandardCharsets.UTF_8);
                deployment.ledger.expect(new DataLedger.Original(topic.id(), topic.locator(),
                        topic.userMetadataJson(), upload.serializationFormat, metadataJson, expected.size(),
                        DataLedger.digest(DataLedger.stableSortByTime(expected))));
            }
        }

        /** After the cleanup: the same chunks, with the same rows. */
        void checkStored(Figures figures) throws IOException {
            for (PlannedUpload upload : uploads) {
                deployment.ledger.assertIntact(deployment.ledger.original(upload.topicId));
            }
        }

        /**
         * The topic's chunk rows are batches 0..n-1 as sent: ordinals without gap, each object in the topic's
         * folder under its ordinal's key, of the recorded size, holding exactly the batch's rows in order.
         *
         * @return n
         */
        private int checkChunks(PlannedUpload upload, String what, Figures figures) throws IOException {
            List<Chunk> chunks = new ArrayList<>(deployment.repository.catalog().listChunks(upload.topicId));
            chunks.sort(Comparator.comparingInt(Chunk::ordinal));
            assertThat(chunks.size()).as("chunks of %s: at most the batches sent", what)
                    .isLessThanOrEqualTo(upload.sentRows.size());
            Folder folder = Folder.parse(upload.folder).orElseThrow();
            for (int i = 0; i < chunks.size(); i++) {
                Chunk chunk = chunks.get(i);
                String which = "chunk " + i + " of " + what;
                assertThat(chunk.ordinal()).as("ordinal of %s (a prefix, no gap)", which).isEqualTo(i);
                assertThat(chunk.objectKey()).as(which).isEqualTo(folder.chunkKey(i));
                assertThat(deployment.store.head(chunk.objectKey()).size()).as("object size of %s", which)
                        .isEqualTo(chunk.sizeBytes());
                assertThat(chunk.rowCount()).as("row count of %s", which).isEqualTo(upload.sentRows.get(i).size());
                assertThat(readChunk(chunk.objectKey())).as("rows of %s", which).isEqualTo(upload.sentRows.get(i));
            }
            try (var objects = deployment.store.list(upload.folder + "/" + Folder.DATA_DIRECTORY + "/")) {
                figures.unrecordedObjects += objects.map(ObjectInfo::key).filter(key -> folder.chunkIndex(key)
                        .stream().anyMatch(index -> index >= chunks.size())).count();
            }
            return chunks.size();
        }

        private List<String> readChunk(String key) throws IOException {
            List<String> rows = new ArrayList<>();
            try (RandomAccessSource source = deployment.store.openSource(key);
                 ChunkReader reader = ChunkReader.open(source, deployment.allocator,
                         ChunkReadOptions.all().withBatchRows(500))) {
                while (reader.loadNextBatch()) {
                    VectorSchemaRoot batch = reader.root();
                    for (int r = 0; r < batch.getRowCount(); r++) {
                        rows.add(TopicFixture.render(batch, r));
                    }
                }
            }
            return rows;
        }

        String summary() {
            long complete = uploads.stream().filter(u -> deployment.repository.catalog().findTopic(u.topicId)
                    .orElseThrow().isUploadComplete()).count();
            long recorded = uploads.stream().mapToLong(u -> deployment.repository.catalog().listChunks(u.topicId)
                    .size()).sum();
            long acknowledged = uploads.stream().mapToLong(PlannedUpload::acknowledgedBatches).sum();
            return String.format("%d uploads of %d batches from %d threads over %d connections, killed %s; %d"
                    + " complete, %d incomplete; %d chunks recorded, %d acknowledged", uploads.size(), batches,
                    threads, connections, killMoment, complete, uploads.size() - complete, recorded, acknowledged);
        }
    }
}
