package io.mosaicod.tasks.optimizer.merge;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Appends consecutive rows of one batch to another batch of the same schema, column by column. */
public final class RowRangeCopier {
    private RowRangeCopier() {
    }

    public static void copy(VectorSchemaRoot from, int fromRow, int count, VectorSchemaRoot to, int toRow) {
        List<FieldVector> source = from.getFieldVectors();
        List<FieldVector> target = to.getFieldVectors();
        for (int c = 0; c < source.size(); c++) {
            FieldVector s = source.get(c);
            FieldVector t = target.get(c);
            for (int i = 0; i < count; i++) {
                t.copyFromSafe(fromRow + i, toRow + i, s);
            }
        }
    }
}
