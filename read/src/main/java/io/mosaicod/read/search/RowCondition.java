package io.mosaicod.read.search;

import org.apache.arrow.vector.VectorSchemaRoot;

/** One ontology condition bound to a topic's columns, answered for every row of a batch at once. */
interface RowCondition {
    /** Clears, in {@code rows}, the bit of every row of {@code batch} that does not satisfy the condition. */
    void and(VectorSchemaRoot batch, long[] rows);
}
