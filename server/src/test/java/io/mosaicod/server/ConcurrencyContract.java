package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.MosaicoException;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicReader;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.db.Topic;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
 * Several uploads and a reader at once, an upload stalled while others complete, and two servers sharing the
 * repository racing for one topic. (A server killed with {@code kill -9} mid-upload is the reliability module's
 * {@code ServerKillTest}: it kills the real {@code mosaicod server} command; its {@code UploadRaceTest} races two
 * server processes.)
 */
abstract class ConcurrencyContract extends ServerFixture {
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

    /**
     * Each server has its own upload registry: only the claim in the repository they share can keep two uploads
     * of one topic apart. Contender {@code c} sends timestamps {@code c * 1,000,000 + ...}, so the stored rows
     * tell whose they are.
     */
    @Test
    void twoServersSharingTheRepositoryLetOneOfTwoRacingUploadsWriteATopic() throws Exception {
        int rounds = 6;
        SessionHandle session = newSession("race");
        String sequence = sequenceOf(session);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (ServerUnderTest second = ServerUnderTest.start(backend, settings());
             MosaicoClient first = server.newClient();
             MosaicoClient other = second.newClient()) {
            List<MosaicoClient> contenders = List.of(first, other);
            for (int round = 0; round < rounds; round++) {
                String locator = sequence + "/t" + round;
                UUID uuid = newTopic(session, "t" + round);
                CyclicBarrier start = new CyclicBarrier(2);
                List<Future<Status.Code>> outcomes = new ArrayList<>();
                for (int c = 0; c < 2; c++) {
                    int contender = c;
                    outcomes.add(pool.submit(() -> {
                        start.await();
                        return uploadOrRefusal(contenders.get(contender), locator, uuid, contender);
                    }));
                }
                List<Status.Code> codes = new ArrayList<>();
                for (Future<Status.Code> outcome : outcomes) {
                    codes.add(outcome.get(1, TimeUnit.MINUTES));
                }
                assertThat(codes).as(locator).containsExactlyInAnyOrder(Status.Code.OK, Status.Code.FAILED_PRECONDITION);
                int winner = codes.indexOf(Status.Code.OK);
                Topic topic = catalog().findTopicByLocator(locator).orElseThrow();
                assertThat(topic.isUploadComplete()).isTrue();
                assertThat(StoredChunks.assertEveryRowHasItsFile(catalog(), backend.store(), topic.id())).hasSize(BATCHES);
                try (TopicReader read = client.read(locator, null, null)) {
                    assertThat(Rows.timestamps(Rows.readAll(read), 0)).as("the winner's rows only")
                            .hasSize(ROWS * BATCHES).allMatch(ts -> ts / 1_000_000L == winner);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        client.finalizeSession(session.uuid());
    }

    /** Another server does not know the upload runs, so it deletes the topic; the upload then stops. */
    @Test
    void aTopicDeletedThroughAnotherServerCutsItsRunningUploadOffWithNotFound() throws Exception {
        SessionHandle session = newSession("cut");
        String locator = sequenceOf(session) + "/x";
        UUID uuid = newTopic(session, "x");
        long topicId = catalog().findTopicByLocator(locator).orElseThrow().id();
        try (ServerUnderTest second = ServerUnderTest.start(backend, settings());
             MosaicoClient other = second.newClient();
             TopicUpload upload = client.upload(locator, uuid, SampleTopic.SCHEMA);
             VectorSchemaRoot batch = SampleTopic.batch(client.allocator(), timestamps(0, 0))) {
            upload.put(batch);
            Eventually.await("the first chunk", Duration.ofSeconds(20), () -> catalog().listChunks(topicId).size() == 1);

            other.deleteTopic(locator);

            var cut = assertRefused(Status.Code.NOT_FOUND, () -> {
                upload.put(batch);
                upload.complete();
            });
            assertThat(cut.serverMessage()).contains("deleted by another request meanwhile");
        }
        assertThat(catalog().findTopic(topicId)).isEmpty();
    }

    /** Uploads every batch of {@code contender}: OK, or the code the server refused it with. */
    private static Status.Code uploadOrRefusal(MosaicoClient client, String locator, UUID uuid, int contender) {
        try (TopicUpload upload = client.upload(locator, uuid, SampleTopic.SCHEMA)) {
            for (int b = 0; b < BATCHES; b++) {
                try (VectorSchemaRoot batch = SampleTopic.batch(client.allocator(), timestamps(contender, b))) {
                    upload.put(batch);
                }
            }
            upload.complete();
            return Status.Code.OK;
        } catch (MosaicoException refused) {
            return refused.code();
        }
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
}
