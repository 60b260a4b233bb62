package io.mosaicod.tasks.optimizer;

import io.mosaicod.read.BackgroundThreads;
import io.mosaicod.read.batch.Batches;
import io.mosaicod.read.merge.TimeOrderedMerge;
import java.io.Closeable;
import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Hands each merged batch to a thread of its own that encodes it into the new chunks, so the merge fills the next
 * batch meanwhile: merging and encoding are each about half of a rewrite's work on nested rows. Batches change
 * hands without a copy — the filled batch's buffers and those of a batch encoded before swap places, so the merge
 * goes on with buffers of the right size. Batches are handed to the output one at a time, in order; a failure is
 * thrown by the next {@link #accept} or {@link #drain}. The output may go on reading a batch until it has accepted
 * the next one ({@link io.mosaicod.format.ChunkWriter#openForRewrite}), so two batches take turns being encoded.
 */
final class EncodeBehind implements TimeOrderedMerge.BatchSink, AutoCloseable {

    /** Where the batches go: it may read each until its next {@code accept} returns, and none once closed. */
    interface Output extends TimeOrderedMerge.BatchSink, Closeable {
    }

    private final Output target;
    private final BufferAllocator allocator;
    private final ExecutorService thread = BackgroundThreads.fixedPool("encode-behind", 1);
    /** The last two batches handed over; {@link #next} indexes the older one, which the output is done with. */
    private final VectorSchemaRoot[] encoding = new VectorSchemaRoot[2];
    private int next;
    private VectorSchemaRoot spare;
    private Future<?> pending;

    EncodeBehind(Output target, BufferAllocator allocator) {
        this.target = target;
        this.allocator = allocator;
    }

    /** Takes the batch's rows (leaving it with other, empty-to-be buffers) and starts encoding them. */
    @Override
    public void accept(VectorSchemaRoot batch) throws IOException {
        drain();
        if (spare == null) {
            encoding[0] = VectorSchemaRoot.create(batch.getSchema(), allocator);
            encoding[1] = VectorSchemaRoot.create(batch.getSchema(), allocator);
            spare = VectorSchemaRoot.create(batch.getSchema(), allocator);
        }
        int rows = batch.getRowCount();
        VectorSchemaRoot rowsToEncode = encoding[next];
        next ^= 1;
        Batches.swap(batch, rowsToEncode, spare);
        rowsToEncode.setRowCount(rows);
        pending = thread.submit(() -> {
            target.accept(rowsToEncode);
            return null;
        });
    }

    /** Waits until the output has accepted every batch handed over; throws what encoding one failed with. */
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
     * Stops encoding (a batch being encoded is abandoned with the rewrite), closes the output, and then frees the
     * batches, even if the caller is interrupted: the encoding thread may still be inside the output, and the
     * output may still read the last batches until it is closed. Throws what closing the output failed with.
     */
    @Override
    public void close() throws IOException {
        BackgroundThreads.stopAndAwait(thread);
        try {
            target.close();
        } finally {
            if (spare != null) {
                encoding[0].close();
                encoding[1].close();
                spare.close();
            }
        }
    }
}
