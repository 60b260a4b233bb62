package io.mosaicod.tasks.optimizer;

import io.mosaicod.read.BackgroundThreads;
import io.mosaicod.read.batch.Batches;
import io.mosaicod.read.merge.TimeOrderedMerge;
import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Hands each merged batch to a thread of its own that encodes it into the new chunks, so the merge fills the next
 * batch meanwhile: merging and encoding are each about half of a rewrite's work on nested rows. Batches change
 * hands without a copy — the filled batch's buffers and those of the batch encoded before it swap places, so the
 * merge goes on with buffers of the right size. One batch is encoded at a time, in order; a failure is thrown by
 * the next {@link #accept} or {@link #drain}.
 */
final class EncodeBehind implements TimeOrderedMerge.BatchSink, AutoCloseable {
    private final TimeOrderedMerge.BatchSink target;
    private final BufferAllocator allocator;
    private final ExecutorService thread = BackgroundThreads.fixedPool("encode-behind", 1);
    private VectorSchemaRoot encoding;
    private VectorSchemaRoot spare;
    private Future<?> pending;

    EncodeBehind(TimeOrderedMerge.BatchSink target, BufferAllocator allocator) {
        this.target = target;
        this.allocator = allocator;
    }

    /** Takes the batch's rows (leaving it with other, empty-to-be buffers) and starts encoding them. */
    @Override
    public void accept(VectorSchemaRoot batch) throws IOException {
        drain();
        if (encoding == null) {
            encoding = VectorSchemaRoot.create(batch.getSchema(), allocator);
            spare = VectorSchemaRoot.create(batch.getSchema(), allocator);
        }
        int rows = batch.getRowCount();
        Batches.swap(batch, encoding, spare);
        encoding.setRowCount(rows);
        VectorSchemaRoot rowsToEncode = encoding;
        pending = thread.submit(() -> {
            target.accept(rowsToEncode);
            return null;
        });
    }

    /** Waits until every batch handed over is encoded; throws what encoding one failed with. */
    void drain() throws IOException {
        if (pending == null) {
            return;
        }
        try {
            BackgroundThreads.await(pending, "encoding a merged batch");
        } finally {
            pending = null;
        }
    }

    /**
     * Stops encoding (a batch being encoded is abandoned with the rewrite) and frees the batches once the encoding
     * thread has ended, even if the caller is interrupted: that thread may still be inside the output, reading
     * the batch's buffers.
     */
    @Override
    public void close() {
        BackgroundThreads.stopAndAwait(thread);
        if (encoding != null) {
            encoding.close();
            spare.close();
        }
    }
}
