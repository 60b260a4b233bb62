package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.MosaicoException;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicReader;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Topic;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/**
 * Several uploads and a reader at once, and a server killed with {@code kill -9} in the middle of an upload
 * (a real child JVM): the repository never holds a chunk row without its object, and the data can be uploaded
 * again after a restart.
 */
abstract class ConcurrencySuite extends ServerFixture {
    private static final int UPLOADS = 4;
    private static final int BATCHES = 8;
    private static final int ROWS = 200;

    /** Batch {@code b} of topic {@code t}: {@link #ROWS} rows, interleaved in time with the other batches. */
    private static long[] timestamps(int t, int b) {
        long[] out = new long[ROWS];
        for (int r = 0; r < ROWS; r++) {
            out[r] = 1_000_000L * t + (long) r * BATCHES + b;
        }
        return out;
    }

    @Test
    void fourUploadsToDifferentTopicsRunTogetherWhileAReaderReadsOne() throws Exception {
        SessionHandle session = newSession("parallel");
        String sequence = sequenceOf(session);
        List<UUID> uuids = new ArrayList<>();
        for (int t = 0; t < UPLOADS; t++) {
            uuids.add(newTopic(session, "topic" + t));
        }
        ExecutorService pool = Executors.newFixedThreadPool(UPLOADS + 1);
        CyclicBarrier start = new CyclicBarrier(UPLOADS + 1);
        AtomicBoolean uploading = new AtomicBoolean(true);
        AtomicInteger reads = new AtomicInteger();
        try {
            List<Future<?>> uploads = new ArrayList<>();
            for (int t = 0; t < UPLOADS; t++) {
                int topic = t;
                uploads.add(pool.submit(() -> {
                    try (MosaicoClient own = server.newClient();
                         TopicUpload upload = own.upload(sequence + "/topic" + topic, uuids.get(topic),
                                 SampleTopic.SCHEMA)) {
                        start.await();
                        for (int b = 0; b < BATCHES; b++) {
                            try (VectorSchemaRoot batch = SampleTopic.batch(own.allocator(), timestamps(topic, b))) {
                                upload.put(batch);
                            }
                        }
                        upload.complete();
                    }
                    return null;
                }));
            }
            Future<?> reader = pool.submit(() -> {
                try (MosaicoClient own = server.newClient()) {
                    start.await();
                    while (uploading.get()) {
                        try (TopicReader read = own.read(sequence + "/topic0", null, null)) {
                            List<Long> rows = Rows.timestamps(Rows.readAll(read), 0);
                            // whole chunks only, in time order, each a row that was sent
                            assertThat(rows.size() % ROWS).isZero();
                            assertThat(rows).isSorted();
                            assertThat(rows).allMatch(ts -> ts >= 0 && ts < ROWS * BATCHES);
                        }
                        reads.incrementAndGet();
                    }
                }
                return null;
            });
            for (Future<?> upload : uploads) {
                upload.get(2, TimeUnit.MINUTES);
            }
            uploading.set(false);
            reader.get(1, TimeUnit.MINUTES);
        } finally {
            pool.shutdownNow();
        }
        assertThat(reads.get()).isPositive();
        for (int t = 0; t < UPLOADS; t++) {
            String locator = sequence + "/topic" + t;
            Topic topic = catalog().findTopicByLocator(locator).orElseThrow();
            assertThat(topic.isUploadComplete()).isTrue();
            assertThat(StoredChunks.assertEveryRowHasItsFile(catalog(), backend.store(), topic.id())).hasSize(BATCHES);
            try (TopicReader read = client.read(locator, null, null)) {
                List<Long> rows = Rows.timestamps(Rows.readAll(read), 0);
                assertThat(rows).hasSize(ROWS * BATCHES).isSorted().doesNotHaveDuplicates();
            }
        }
        client.finalizeSession(session.uuid());
    }

    @Test
    void aStalledUploadDoesNotHoldBackAnotherTopicsUpload() throws Exception {
        SessionHandle session = newSession("stalled");
        String sequence = sequenceOf(session);
        UUID slow = newTopic(session, "slow");
        UUID fast = newTopic(session, "fast");
        long slowId = catalog().findTopicByLocator(sequence + "/slow").orElseThrow().id();
        try (TopicUpload stalled = client.upload(sequence + "/slow", slow, SampleTopic.SCHEMA);
             VectorSchemaRoot batch = SampleTopic.batch(client.allocator(), timestamps(0, 0))) {
            stalled.put(batch);
            Eventually.await("the stalled upload's first chunk", Duration.ofSeconds(20),
                    () -> catalog().listChunks(slowId).size() == 1);
            // the other upload runs to completion while the first one waits for its next batch
            try (MosaicoClient other = server.newClient()) {
                try (TopicUpload upload = other.upload(sequence + "/fast", fast, SampleTopic.SCHEMA)) {
                    for (int b = 0; b < BATCHES; b++) {
                        try (VectorSchemaRoot next = SampleTopic.batch(other.allocator(), timestamps(1, b))) {
                            upload.put(next);
                        }
                    }
                    upload.complete();
                }
            }
            assertThat(catalog().findTopicByLocator(sequence + "/fast").orElseThrow().isUploadComplete()).isTrue();
            assertThat(catalog().findTopicByLocator(sequence + "/slow").orElseThrow().isUploadComplete()).isFalse();
            stalled.complete();
        }
        client.finalizeSession(session.uuid());
    }

    @Test
    void aServerKilledMidUploadLeavesEveryChunkRowWithItsFileAndTheDataCanBeUploadedAgain() throws Exception {
        long seed = new Random().nextLong();
        System.out.println("kill -9 seed: " + seed);
        Random random = new Random(seed);
        int killAfter = 1 + random.nextInt(BATCHES - 2); // chunks committed before the kill
        String sequence;
        String locator;
        UUID sessionUuid;
        try (ChildServer child = ChildServer.start(backend.environment());
             MosaicoClient remote = MosaicoClient.connect("127.0.0.1", child.port())) {
            SessionHandle session = remote.createSession(createSequence(remote));
            sequence = sequenceOf(session);
            sessionUuid = session.uuid();
            locator = sequence + "/doomed";
            UUID uuid = remote.createTopic(session.uuid(), new TopicSpec(locator, "default", "t",
                    metadata("k", "v")));
            long topicId = catalog().findTopicByLocator(locator).orElseThrow().id();
            TopicUpload upload = remote.upload(locator, uuid, SampleTopic.SCHEMA);
            for (int b = 0; b < BATCHES; b++) {
                try (VectorSchemaRoot batch = SampleTopic.batch(remote.allocator(), timestamps(0, b))) {
                    upload.put(batch);
                }
            }
            Eventually.await(killAfter + " chunks", Duration.ofSeconds(60),
                    () -> catalog().listChunks(topicId).size() >= killAfter);
            child.kill();
            try {
                upload.complete();
            } catch (MosaicoException expected) {
                // the server died under the stream
            }
        }
        Topic topic = catalog().findTopicByLocator(locator).orElseThrow();
        assertThat(topic.isUploadComplete()).isFalse();
        List<Chunk> survivors = StoredChunks.assertEveryRowHasItsFile(catalog(), backend.store(), topic.id());
        assertThat(survivors.size()).isGreaterThanOrEqualTo(killAfter);

        try (ServerUnderTest restarted = ServerUnderTest.start(backend)) {
            MosaicoClient remote = restarted.client();
            var refusal = assertRefused(Status.Code.FAILED_PRECONDITION, () -> remote.finalizeSession(sessionUuid));
            assertThat(refusal.serverMessage()).contains(locator);
            remote.deleteSession(sessionUuid);
            SessionHandle again = remote.createSession(sequence);
            UUID uuid = remote.createTopic(again.uuid(), new TopicSpec(locator, "default", "t",
                    metadata("k", "v")));
            try (TopicUpload upload = remote.upload(locator, uuid, SampleTopic.SCHEMA)) {
                for (int b = 0; b < BATCHES; b++) {
                    try (VectorSchemaRoot batch = SampleTopic.batch(remote.allocator(), timestamps(0, b))) {
                        upload.put(batch);
                    }
                }
                upload.complete();
            }
            remote.finalizeSession(again.uuid());
            try (TopicReader read = remote.read(locator, null, null)) {
                assertThat(Rows.timestamps(Rows.readAll(read), 0)).hasSize(ROWS * BATCHES).isSorted()
                        .doesNotHaveDuplicates();
            }
        }
    }

    private static String createSequence(MosaicoClient remote) {
        String sequence = uniqueName("crash");
        remote.createSequence(sequence, metadata("robot", "rover-9"));
        return sequence;
    }
}
