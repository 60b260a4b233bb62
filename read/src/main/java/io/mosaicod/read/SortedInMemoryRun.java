package io.mosaicod.read;

import io.mosaicod.read.merge.RowRangeCopier;
import io.mosaicod.read.merge.SortedRun;
import io.mosaicod.read.merge.StableTimestampSort;
import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A chunk whose rows are not in time order: decoded whole, sorted in memory (stably, nulls last) and served
 * as one batch. Ingestion writes one client batch per chunk, so such chunks are small.
 */
public final class SortedInMemoryRun implements SortedRun {
    private VectorSchemaRoot sorted;
    private boolean served;

    private SortedInMemoryRun(VectorSchemaRoot sorted) {
        this.sorted = sorted;
    }

    /** Drains {@code unsorted} (closing it) and sorts its rows. */
    public static SortedInMemoryRun of(SortedRun unsorted, BufferAllocator allocator) throws IOException {
        try (unsorted; VectorSchemaRoot all = concatenate(unsorted, allocator)) {
            return new SortedInMemoryRun(all == null ? null : StableTimestampSort.sortedCopy(all, allocator));
        }
    }

    private static VectorSchemaRoot concatenate(SortedRun run, BufferAllocator allocator) throws IOException {
        VectorSchemaRoot all = null;
        try {
            int rows = 0;
            for (VectorSchemaRoot batch = run.nextBatch(); batch != null; batch = run.nextBatch()) {
                if (all == null) {
                    all = VectorSchemaRoot.create(batch.getSchema(), allocator);
                }
                RowRangeCopier.copy(batch, 0, batch.getRowCount(), all, rows);
                rows += batch.getRowCount();
                all.setRowCount(rows);
            }
            return all;
        } catch (IOException | RuntimeException e) {
            if (all != null) {
                all.close();
            }
            throw e;
        }
    }

    @Override
    public VectorSchemaRoot nextBatch() {
        if (served || sorted == null) {
            return null;
        }
        served = true;
        return sorted;
    }

    @Override
    public void close() {
        if (sorted != null) {
            sorted.close();
            sorted = null;
        }
    }
}
