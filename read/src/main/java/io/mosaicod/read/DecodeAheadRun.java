package io.mosaicod.read;

import io.mosaicod.read.batch.Batches;
import io.mosaicod.read.merge.SortedRun;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A sorted run whose next batch is decoded on another thread while the reader works on the current one. An
 * optimized topic is a few large chunks read one after the other, so without this one thread would decode a
 * batch, then send it, in turn. Batches change hands without a copy: the decoded batch's buffers and those of
 * the batch handed out before swap places, so the run decodes into buffers already sized.
 */
final class DecodeAheadRun implements SortedRun {
    private final SortedRun run;
    private final Executor decoder;
    private final BufferAllocator allocator;
    private VectorSchemaRoot handed;
    private VectorSchemaRoot spare;
    private Future<VectorSchemaRoot> next;

    private DecodeAheadRun(SortedRun run, Executor decoder, BufferAllocator allocator) {
        this.run = run;
        this.decoder = decoder;
        this.allocator = allocator;
        decodeNext();
    }

    /** Starts decoding {@code run}'s first batch at once; {@code run} must give its rows in order. */
    static DecodeAheadRun start(SortedRun run, Executor decoder, BufferAllocator allocator) {
        if (run.rowOrder() != null) {
            throw new IllegalArgumentException("a run with its own row order is decoded whole, not ahead");
        }
        return new DecodeAheadRun(run, decoder, allocator);
    }

    @Override
    public VectorSchemaRoot nextBatch() throws IOException {
        VectorSchemaRoot decoded = BackgroundThreads.await(next, "decoding a batch ahead");
        if (decoded == null) {
            return null;
        }
        if (handed == null) {
            handed = VectorSchemaRoot.create(decoded.getSchema(), allocator);
            spare = VectorSchemaRoot.create(decoded.getSchema(), allocator); // both before anything may fail
            handed.allocateNew(); // the run decodes into these buffers next
        }
        int rows = decoded.getRowCount();
        Batches.swap(decoded, handed, spare);
        handed.setRowCount(rows);
        decodeNext();
        return handed;
    }

    private void decodeNext() {
        CompletableFuture<VectorSchemaRoot> batch = new CompletableFuture<>();
        next = batch;
        try {
            decoder.execute(() -> {
                try {
                    batch.complete(run.nextBatch());
                } catch (Throwable e) {
                    batch.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException e) { // the read is ending
            batch.completeExceptionally(e);
        }
    }

    /** Waits for the batch being decoded, whatever became of it: the run is not closed under its decoder. */
    @Override
    public void close() throws IOException {
        boolean interrupted = false;
        while (!next.isDone()) {
            try {
                next.get();
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (ExecutionException e) {
                break;
            }
        }
        try (run) {
            if (handed != null) {
                handed.close();
                spare.close();
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
