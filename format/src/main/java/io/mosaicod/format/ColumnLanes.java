package io.mosaicod.format;

import io.mosaicod.core.Failures;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLongArray;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Direct column encoders fed on a shared pool, each column in a lane of its own: a lane encodes its column of one
 * batch after another, in order, and moves on to the next batch as soon as it is done with the last one. With a
 * barrier per batch instead (every column of a batch done before any column of the next starts), one core idled
 * at the end of every batch while the last column finished: in 7 % of a detections rewrite's time on two cores
 * one column-encoding thread was all that could run (docs/benchmarks.md, *Nested data*).
 *
 * <p>A batch is read until the lanes are done with it: {@link #awaitAllButLast} returns once every batch but the
 * last one submitted is, {@link #awaitAll} once all are, after which the encoders may be used by the caller
 * again (the completion of the lanes' work happens-before these methods return). The sizes the lanes report are
 * each column's after the last batch it finished, for deciding where row groups end without stopping the lanes.
 */
final class ColumnLanes {
    private final List<DirectColumnEncoder> encoders;
    private final Executor pool;
    private final CompletableFuture<?>[] tails;
    private final AtomicLongArray reportedBytes;
    private CompletableFuture<Void> lastBatch = CompletableFuture.completedFuture(null);
    private CompletableFuture<Void> batchBefore = lastBatch;
    /** Set when the chunk is abandoned: queued work is skipped. */
    private volatile boolean abandoned;

    ColumnLanes(List<DirectColumnEncoder> encoders, Executor pool) {
        this.encoders = List.copyOf(encoders);
        this.pool = pool;
        this.tails = new CompletableFuture<?>[encoders.size()];
        Arrays.fill(tails, lastBatch);
        this.reportedBytes = new AtomicLongArray(encoders.size());
    }

    /** Queues rows {@code [0, rows)} of {@code batch} on every lane, in slices of {@code slice} rows; returns at once. */
    void submit(VectorSchemaRoot batch, int rows, int slice) {
        for (int i = 0; i < tails.length; i++) {
            int lane = i;
            tails[i] = tails[i].thenRunAsync(() -> encode(lane, batch, rows, slice), pool);
        }
        batchBefore = lastBatch;
        lastBatch = CompletableFuture.allOf(tails);
    }

    private void encode(int lane, VectorSchemaRoot batch, int rows, int slice) {
        if (abandoned) {
            return;
        }
        DirectColumnEncoder encoder = encoders.get(lane);
        encoder.bind(batch);
        try {
            for (int from = 0; from < rows; from += slice) {
                encoder.writeRows(from, Math.min(rows, from + slice));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        reportedBytes.set(lane, encoder.bufferedBytes());
    }

    /** Waits until the lanes are done with every batch but the last one submitted; throws what encoding failed with. */
    void awaitAllButLast() throws IOException {
        await(batchBefore);
    }

    /** Compresses every lane's open page into its column chunk, on the lanes, and waits until they are idle. */
    void finishPages() throws IOException {
        for (int i = 0; i < tails.length; i++) {
            DirectColumnEncoder encoder = encoders.get(i);
            tails[i] = tails[i].thenRunAsync(() -> {
                if (abandoned) {
                    return;
                }
                try {
                    encoder.finishPage();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, pool);
        }
        batchBefore = lastBatch;
        lastBatch = CompletableFuture.allOf(tails);
        awaitAll();
    }

    /** Waits until the lanes are idle; throws what encoding failed with. */
    void awaitAll() throws IOException {
        await(lastBatch);
    }

    /** The lanes' columns' bytes in the open row group, as each lane last reported them. */
    long reportedBytes() {
        long bytes = 0;
        for (int i = 0; i < reportedBytes.length(); i++) {
            bytes += reportedBytes.get(i);
        }
        return bytes;
    }

    /** Starts a row group: called once the lanes are idle and their pages are flushed. */
    void resetReportedBytes() {
        for (int i = 0; i < reportedBytes.length(); i++) {
            reportedBytes.set(i, encoders.get(i).bufferedBytes());
        }
    }

    /**
     * Skips what is queued and waits, even if interrupted, until no lane reads a batch any more, whatever the lanes
     * failed with: the caller frees the batches next. The interrupt is kept.
     */
    void abandon() {
        abandoned = true;
        lastBatch.handle((done, failure) -> null).join(); // join() waits through interrupts and keeps them
    }

    private static void await(CompletableFuture<Void> work) throws IOException {
        try {
            work.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while encoding columns");
        } catch (ExecutionException e) {
            throw Failures.rethrow(e.getCause(), "encoding a column");
        }
    }
}
