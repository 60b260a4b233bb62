package io.mosaicod.read.merge;

import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A stream of Arrow batches whose rows are already in {@code timestamp_ns} order (ascending, nulls last):
 * a sorted chunk, an unsorted chunk sorted in memory, or a spilled run of an earlier merge pass.
 */
public interface SortedRun extends AutoCloseable {

    /**
     * The next batch, or {@code null} at the end. The batch belongs to the run and stays valid only until
     * the next call or {@link #close()}; the merge copies what it needs out of it.
     */
    VectorSchemaRoot nextBatch() throws IOException;

    @Override
    void close() throws IOException;
}
