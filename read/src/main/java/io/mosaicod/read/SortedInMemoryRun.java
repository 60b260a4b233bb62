package io.mosaicod.read;

import io.mosaicod.read.batch.BatchAppender;
import io.mosaicod.read.merge.SortedRun;
import io.mosaicod.read.merge.StableTimestampSort;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.TransferPair;

/**
 * A chunk whose rows are not in time order: decoded whole and served as one batch with its rows' time order
 * (stable, nulls last), so the reader moves each row once, straight into its output. Ingestion writes one
 * client batch per chunk, so such chunks are small. The decoded batch is taken over from the chunk's reader
 * without a copy; only a chunk of several row groups is concatenated.
 */
public final class SortedInMemoryRun implements SortedRun {
    private VectorSchemaRoot rows;
    private final int[] order;
    private boolean served;

    private SortedInMemoryRun(VectorSchemaRoot rows) {
        this.rows = rows;
        this.order = rows == null ? null : StableTimestampSort.sortedOrder(rows);
    }

    /** Drains {@code unsorted} (closing it) and sorts its rows. */
    public static SortedInMemoryRun of(SortedRun unsorted, BufferAllocator allocator) throws IOException {
        try (unsorted) {
            VectorSchemaRoot first = unsorted.nextBatch();
            if (first == null) {
                return new SortedInMemoryRun(null);
            }
            VectorSchemaRoot all = takeOver(first, allocator);
            try {
                BatchAppender appender = null;
                for (VectorSchemaRoot batch = unsorted.nextBatch(); batch != null; batch = unsorted.nextBatch()) {
                    if (appender == null) {
                        VectorSchemaRoot taken = all;
                        all = VectorSchemaRoot.create(taken.getSchema(), allocator);
                        appender = new BatchAppender(all);
                        try (taken) {
                            appender.appendRange(taken, 0, taken.getRowCount());
                        }
                    }
                    appender.appendRange(batch, 0, batch.getRowCount());
                }
                if (appender != null) {
                    appender.batch();
                }
                return new SortedInMemoryRun(all);
            } catch (IOException | RuntimeException e) {
                all.close();
                throw e;
            }
        }
    }

    /** Moves the batch's buffers into a batch of its own (no copy): the run's reader refills its batch. */
    private static VectorSchemaRoot takeOver(VectorSchemaRoot batch, BufferAllocator allocator) {
        List<FieldVector> vectors = new ArrayList<>();
        for (FieldVector v : batch.getFieldVectors()) {
            TransferPair transfer = v.getTransferPair(allocator);
            transfer.transfer();
            vectors.add((FieldVector) transfer.getTo());
        }
        return new VectorSchemaRoot(batch.getSchema(), vectors, batch.getRowCount());
    }

    @Override
    public VectorSchemaRoot nextBatch() {
        if (served || rows == null) {
            return null;
        }
        served = true;
        return rows;
    }

    @Override
    public int[] rowOrder() {
        return order;
    }

    @Override
    public void close() {
        if (rows != null) {
            rows.close();
            rows = null;
        }
    }
}
