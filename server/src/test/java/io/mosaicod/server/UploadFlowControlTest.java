package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.db.Chunk;
import io.mosaicod.testkit.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/**
 * Uploads beyond what the server may hold in memory wait for their turn (gRPC flow control) instead of failing,
 * and a client that stops sending mid-upload does not hold the others up. The server here may hold 4 MiB of
 * Arrow memory, a quarter of it for batches received and not stored: one batch of 0.6 MB at a time, or two.
 */
class UploadFlowControlTest extends ServerFixture {
    private static final int ROWS_PER_BATCH = 20_000;
    private static final int BATCHES = 6;

    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }

    @Override
    ServerSettings settings() {
        return super.settings().withMaxDecodeMessageBytes(1 << 20).withMemoryLimitBytes(4L << 20);
    }

    @Test
    void concurrentUploadsBeyondTheServersMemoryWaitTheirTurnInsteadOfFailing() throws Exception {
        SessionHandle session = newSession("crowd");
        int uploads = 12;
        ExecutorService clients = Executors.newFixedThreadPool(uploads);
        try {
            List<Future<Long>> done = new ArrayList<>();
            for (int u = 0; u < uploads; u++) {
                String path = "t" + u;
                UUID uuid = newTopic(session, path);
                done.add(clients.submit(() -> uploadAll(sequenceOf(session) + "/" + path, uuid)));
            }
            for (Future<Long> upload : done) {
                assertThat(upload.get(2, TimeUnit.MINUTES)).isEqualTo(BATCHES);
            }
        } finally {
            clients.shutdownNow();
        }
        for (int u = 0; u < uploads; u++) {
            String locator = sequenceOf(session) + "/t" + u;
            long topicId = catalog().findTopicByLocator(locator).orElseThrow().id();
            assertThat(catalog().findTopic(topicId).orElseThrow().isUploadComplete()).as(locator).isTrue();
            assertThat(catalog().listChunks(topicId)).extracting(Chunk::rowCount).as(locator)
                    .containsOnly((long) ROWS_PER_BATCH).hasSize(BATCHES);
        }
    }

    /** The stalled client's reservation lapses while the others wait, instead of pinning the budget. */
    @Test
    void aClientThatStopsSendingMidUploadDoesNotHoldUpTheOthers() throws Exception {
        SessionHandle session = newSession("stall");
        String stalledLocator = sequenceOf(session) + "/stalled";
        UUID stalledUuid = newTopic(session, "stalled");
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try (TopicUpload stalled = client.upload(stalledLocator, stalledUuid, SampleTopic.SCHEMA)) {
            try (VectorSchemaRoot batch = batch(0)) {
                stalled.put(batch);
            }
            assertThat(stalled.awaitStored(1, Duration.ofMinutes(1))).isEqualTo(1);
            List<Future<Long>> others = new ArrayList<>();
            for (int u = 0; u < 4; u++) {
                String path = "other" + u;
                UUID uuid = newTopic(session, path);
                others.add(clients.submit(() -> uploadAll(sequenceOf(session) + "/" + path, uuid)));
            }
            for (Future<Long> other : others) {
                assertThat(other.get(2, TimeUnit.MINUTES)).isEqualTo(BATCHES);
            }
            try (VectorSchemaRoot batch = batch(1)) {
                stalled.put(batch);
            }
            stalled.complete();
        } finally {
            clients.shutdownNow();
        }
        long stalledId = catalog().findTopicByLocator(stalledLocator).orElseThrow().id();
        assertThat(catalog().listChunks(stalledId)).hasSize(2);
    }

    /**
     * Robots that open their uploads early and send later: each one's reservation for its first batch, as large as
     * a message may be, is the whole budget here. Once unused long enough, they lapse however many lapsed before,
     * and the uploads that do send go on (they waited for as long as the idle ones idled, before).
     */
    @Test
    void uploadsOpenedEarlyThatSendNothingDoNotHoldUpTheOthers() throws Exception {
        SessionHandle session = newSession("early");
        List<TopicUpload> idle = new ArrayList<>();
        ExecutorService clients = Executors.newFixedThreadPool(2);
        try {
            for (int u = 0; u < 3; u++) {
                UUID uuid = newTopic(session, "idle" + u);
                idle.add(client.upload(sequenceOf(session) + "/idle" + u, uuid, SampleTopic.SCHEMA));
            }
            for (int u = 0; u < 3; u++) {
                long topicId = catalog().findTopicByLocator(sequenceOf(session) + "/idle" + u).orElseThrow().id();
                Await.until("the claim of idle upload " + u, Duration.ofSeconds(30),
                        () -> backend.repository().uploadClaims().isClaimed(topicId));
            }
            List<Future<Long>> sending = new ArrayList<>();
            for (int u = 0; u < 2; u++) {
                String path = "sending" + u;
                UUID uuid = newTopic(session, path);
                sending.add(clients.submit(() -> uploadAll(sequenceOf(session) + "/" + path, uuid)));
            }
            for (Future<Long> upload : sending) {
                assertThat(upload.get(1, TimeUnit.MINUTES)).isEqualTo(BATCHES);
            }
            for (TopicUpload upload : idle) {
                try (VectorSchemaRoot batch = batch(0)) {
                    upload.put(batch);
                }
                upload.complete();
            }
        } finally {
            clients.shutdownNow();
            idle.forEach(TopicUpload::close);
        }
        for (int u = 0; u < 3; u++) {
            long topicId = catalog().findTopicByLocator(sequenceOf(session) + "/idle" + u).orElseThrow().id();
            assertThat(catalog().listChunks(topicId)).hasSize(1);
        }
    }

    /** Uploads {@link #BATCHES} batches and completes; returns the batches the server confirmed stored. */
    private long uploadAll(String locator, UUID uuid) throws InterruptedException {
        try (TopicUpload upload = client.upload(locator, uuid, SampleTopic.SCHEMA)) {
            for (int b = 0; b < BATCHES; b++) {
                try (VectorSchemaRoot batch = batch(b)) {
                    upload.put(batch);
                }
            }
            long stored = upload.awaitStored(BATCHES, Duration.ofMinutes(1));
            upload.complete();
            return stored;
        }
    }

    private VectorSchemaRoot batch(int index) {
        long first = (long) index * ROWS_PER_BATCH;
        return SampleTopic.batch(client.allocator(), LongStream.range(first, first + ROWS_PER_BATCH).toArray());
    }
}
