package io.mosaicod.read.merge;

import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A stream of Arrow batches whose rows are in {@code timestamp_ns} order (ascending, nulls last): a sorted chunk,
 * an unsorted chunk with its rows' sorted order, or a spilled run of an earlier merge pass.
 */
public interface SortedRun extends AutoCloseable {

    /**
     * The next batch, or {@code null} at the end. The batch belongs to the run and stays valid only until
     * the next call or {@link #close()}; the merge copies what it needs out of it.
     */
    VectorSchemaRoot nextBatch() throws IOException;

    /**
     * The order of the last batch's rows, or {@code null} when they are stored in order: the run's {@code i}-th
     * row is the batch's row {@code order[i]}. Lets a chunk written out of order be read in order without
     * moving its rows twice.
     */
    default int[] rowOrder() {
        return null;
    }

    @Override
    void close() throws IOException;
}
