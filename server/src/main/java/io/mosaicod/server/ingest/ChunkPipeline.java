package io.mosaicod.server.ingest;

import io.mosaicod.db.UploadClaims;
import io.mosaicod.read.BackgroundThreads;
import io.mosaicod.store.ObjectStore;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * What every upload's chunks go through once received, shared by all uploads of a server: at most
 * {@code writers} chunks encoded into their objects at once ({@code MOSAICOD_MAX_CONCURRENT_WRITES}), then the
 * objects committed by the {@code publishers}, then the chunks recorded by the {@link GroupCommit}; the
 * {@link ReceiveBudget} bounds the bytes waiting for any of them.
 */
record ChunkPipeline(ChunkObjects objects, ExecutorService writers, ExecutorService publishers, GroupCommit commits,
                     ReceiveBudget budget) implements AutoCloseable {

    /**
     * Objects committed at once. A commit mostly waits (a local store's fsyncs, an S3 store's request), and an
     * encoded object waiting for it holds no buffer, so there are more publishers than writers: with as many as
     * writers, small chunks queued for their fsyncs while the cores idled (docs/benchmarks.md, fleet).
     */
    static final int PUBLISHERS_PER_WRITER = 4;

    /** How long a stream may leave its reservation unused while others wait for one. */
    private static final Duration RESERVATION_LAPSE = Duration.ofMillis(200);
    /**
     * How long a stream may leave its reservation unused before it lapses whatever else lapsed: far longer than a
     * busy machine keeps a sending client from its next write, short enough that robots which opened their uploads
     * early do not stall the fleet.
     */
    private static final Duration RESERVATION_ABANDONED = Duration.ofSeconds(2);

    /** @param timer lapses idle reservations of the receive budget */
    static ChunkPipeline start(ObjectStore store, UploadClaims claims, int writers, long receiveBudgetBytes,
                               ScheduledExecutorService timer) {
        ExecutorService pool = BackgroundThreads.fixedPool("mosaicod-chunk-writer", writers);
        ExecutorService publishers = BackgroundThreads.fixedPool("mosaicod-chunk-publisher",
                PUBLISHERS_PER_WRITER * writers);
        ReceiveBudget budget = new ReceiveBudget(receiveBudgetBytes, RESERVATION_LAPSE.toNanos(),
                RESERVATION_ABANDONED.toNanos());
        long every = RESERVATION_LAPSE.toNanos() / 2;
        timer.scheduleWithFixedDelay(budget::lapseIdle, every, every, TimeUnit.NANOSECONDS);
        return new ChunkPipeline(new ChunkObjects(store), pool, publishers, new GroupCommit(claims), budget);
    }

    /** Lets the chunks already handed over be stored and recorded, then stops. */
    @Override
    public void close() throws InterruptedException {
        writers.shutdown();
        writers.awaitTermination(1, TimeUnit.MINUTES);
        // after the writers: they hand their objects to the publishers
        publishers.shutdown();
        publishers.awaitTermination(1, TimeUnit.MINUTES);
        commits.close();
    }

    /** Stops without waiting (nothing was handed over: the server did not start). */
    void stopNow() {
        writers.shutdownNow();
        publishers.shutdownNow();
        commits.stopNow();
    }
}
