package io.mosaicod.read.batch;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Builds a batch by appending rows of other batches of the same schema, column by column and buffer by buffer,
 * whatever the columns' nesting: a range of consecutive rows, or rows picked in a given order (a gather, as a
 * sort needs). This is the one place rows move between Arrow batches — the time-ordered merge, the sort of
 * chunks stored out of order and the reads all go through it — so there is no per-value call on those paths.
 *
 * <p>Bounds are checked once per append (row ranges, offsets at range ends), not per value.
 */
public final class BatchAppender {
    private final VectorSchemaRoot target;
    private final ColumnAppender[] columns;
    private final RowRanges ranges = new RowRanges();
    private int rows;

    /** Appends to {@code target}, which must be empty; the caller keeps owning it. */
    public BatchAppender(VectorSchemaRoot target) {
        if (target.getRowCount() != 0) {
            throw new IllegalArgumentException("the target batch already holds " + target.getRowCount() + " rows");
        }
        this.target = target;
        List<FieldVector> vectors = target.getFieldVectors();
        this.columns = new ColumnAppender[vectors.size()];
        for (int c = 0; c < columns.length; c++) {
            columns[c] = ColumnAppender.forVector(vectors.get(c));
        }
    }

    /** Appends rows {@code [fromRow, fromRow + count)} of {@code from}. */
    public void appendRange(VectorSchemaRoot from, int fromRow, int count) {
        ranges.clear();
        ranges.add(fromRow, count);
        append(from);
    }

    /** Appends rows {@code order[offset]}, {@code order[offset + 1]}, … ({@code count} of them) of {@code from}. */
    public void appendRows(VectorSchemaRoot from, int[] order, int offset, int count) {
        ranges.clear();
        for (int i = offset; i < offset + count; i++) {
            ranges.add(order[i], 1);
        }
        append(from);
    }

    private void append(VectorSchemaRoot from) {
        ranges.requireWithin(from.getRowCount(), "the source batch");
        List<FieldVector> source = from.getFieldVectors();
        List<FieldVector> vectors = target.getFieldVectors();
        if (source.size() != columns.length) {
            throw new IllegalArgumentException("the source batch has " + source.size() + " columns, the target "
                    + columns.length);
        }
        for (int c = 0; c < columns.length; c++) {
            columns[c].append(source.get(c), ranges, vectors.get(c), rows);
        }
        rows += ranges.rows();
    }

    /** Rows appended since the last {@link #clear()}. */
    public int rows() {
        return rows;
    }

    /** The target with its row count (and every vector's value count) set to the rows appended. */
    public VectorSchemaRoot batch() {
        target.setRowCount(rows);
        return target;
    }

    /** Empties the target for the next batch, keeping its buffers. */
    public void clear() {
        for (FieldVector v : target.getFieldVectors()) {
            v.reset();
        }
        target.setRowCount(0);
        rows = 0;
    }
}
