package io.mosaicod.format;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compare.Range;
import org.apache.arrow.vector.compare.RangeEqualsVisitor;

/**
 * Walks the rows of the batches that were written and compares them, range by range, with the batches read
 * back, which may be cut at different row counts.
 */
final class RowCursor {

    private final List<VectorSchemaRoot> batches;
    private int batch;
    private int row;

    RowCursor(List<VectorSchemaRoot> batches) {
        this.batches = batches;
    }

    long totalRows() {
        long n = 0;
        for (VectorSchemaRoot b : batches) {
            n += b.getRowCount();
        }
        return n;
    }

    void assertNextRowsEqual(VectorSchemaRoot actual, String context) {
        int done = 0;
        while (done < actual.getRowCount()) {
            while (batch < batches.size() && row == batches.get(batch).getRowCount()) {
                batch++;
                row = 0;
            }
            if (batch == batches.size()) {
                throw new AssertionError("read more rows than were written; " + context);
            }
            VectorSchemaRoot expected = batches.get(batch);
            int n = Math.min(actual.getRowCount() - done, expected.getRowCount() - row);
            for (int c = 0; c < expected.getFieldVectors().size(); c++) {
                FieldVector e = expected.getVector(c);
                FieldVector a = actual.getVector(c);
                if (!new RangeEqualsVisitor(e, a).rangeEquals(new Range(row, done, n))) {
                    throw new AssertionError("column " + e.getField().getName() + " differs in written rows ["
                            + row + ", " + (row + n) + ") of batch " + batch + "; " + context + "\nexpected: "
                            + slice(e, row, n) + "\nactual:   " + slice(a, done, n));
                }
            }
            row += n;
            done += n;
        }
    }

    void assertExhausted() {
        while (batch < batches.size() && row == batches.get(batch).getRowCount()) {
            batch++;
            row = 0;
        }
        if (batch != batches.size()) {
            throw new AssertionError("rows of batch " + batch + " from row " + row + " were not read back");
        }
    }

    private static String slice(FieldVector v, int from, int n) {
        StringBuilder s = new StringBuilder("[");
        for (int i = from; i < from + n; i++) {
            s.append(i > from ? ", " : "").append(v.getObject(i));
        }
        return s.append(']').toString();
    }
}
