package io.mosaicod.read.batch;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Handing a batch's rows on without copying them. */
public final class Batches {
    private Batches() {
    }

    /**
     * Moves every column's buffers from {@code from} into {@code to} (same schema), leaving {@code from}'s vectors
     * empty; {@code to}'s own buffers are released. Row counts are the caller's to set.
     */
    public static void move(VectorSchemaRoot from, VectorSchemaRoot to) {
        List<FieldVector> source = from.getFieldVectors();
        List<FieldVector> target = to.getFieldVectors();
        for (int c = 0; c < source.size(); c++) {
            source.get(c).makeTransferPair(target.get(c)).transfer();
        }
    }

    /** Swaps the buffers of {@code a} and {@code b} (same schema) through {@code spare}, which ends empty. */
    public static void swap(VectorSchemaRoot a, VectorSchemaRoot b, VectorSchemaRoot spare) {
        move(a, spare);
        move(b, a);
        move(spare, b);
    }
}
