package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.client.MosaicoClient;
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
 * Several uploads and a reader at once, and an upload stalled while others complete. (A server killed with
 * {@code kill -9} mid-upload is the reliability module's {@code ServerKillTest}: it kills the real
 * {@code mosaicod server} command.)
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
