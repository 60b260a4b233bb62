package io.mosaicod.server.ingest;

import io.mosaicod.db.UploadClaims;
import io.mosaicod.store.ObjectStore;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What every upload's chunks go through once received, shared by all uploads of a server: at most
 * {@code writers} chunks encoded and written to the store at once ({@code MOSAICOD_MAX_CONCURRENT_WRITES}),
 * then recorded by the {@link GroupCommit}; the {@link ReceiveBudget} bounds the bytes waiting for either.
 */
record ChunkPipeline(ChunkObjects objects, ExecutorService writers, GroupCommit commits, ReceiveBudget budget)
        implements AutoCloseable {

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
        AtomicInteger count = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(writers, runnable -> {
            Thread thread = new Thread(runnable, "mosaicod-chunk-writer-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        ReceiveBudget budget = new ReceiveBudget(receiveBudgetBytes, RESERVATION_LAPSE.toNanos(),
                RESERVATION_ABANDONED.toNanos());
        long every = RESERVATION_LAPSE.toNanos() / 2;
        timer.scheduleWithFixedDelay(budget::lapseIdle, every, every, TimeUnit.NANOSECONDS);
        return new ChunkPipeline(new ChunkObjects(store), pool, new GroupCommit(claims), budget);
    }

    /** Lets the chunks already handed over be stored and recorded, then stops. */
    @Override
    public void close() throws InterruptedException {
        writers.shutdown();
        writers.awaitTermination(1, TimeUnit.MINUTES);
        commits.close();
    }

    /** Stops without waiting (nothing was handed over: the server did not start). */
    void stopNow() {
        writers.shutdownNow();
        commits.stopNow();
    }
}
