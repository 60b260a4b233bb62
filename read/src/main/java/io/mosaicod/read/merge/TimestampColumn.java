package io.mosaicod.read.merge;

import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The {@code timestamp_ns} column of a batch (Int64, or an Arrow timestamp stored as 8-byte values), read
 * without boxing or per-value bounds checks: the merge and the sort read it for every row. Bounds are checked
 * once, when the column is taken from the batch.
 */
public final class TimestampColumn {
    public static final String NAME = "timestamp_ns";

    private final long values;
    private final long validity;
    private final int rows;
    private final boolean mayHaveNulls;

    public TimestampColumn(VectorSchemaRoot batch) {
        FieldVector v = batch.getVector(NAME);
        if (!(v instanceof BaseFixedWidthVector fixed) || fixed.getTypeWidth() != Long.BYTES) {
            throw new IllegalArgumentException("batch has no 64-bit '" + NAME + "' column: " + batch.getSchema());
        }
        this.rows = batch.getRowCount();
        if (fixed.getDataBuffer().capacity() < (long) rows * Long.BYTES
                || fixed.getValidityBuffer().capacity() < (rows + 7) / 8) {
            throw new IllegalArgumentException("'" + NAME + "' holds fewer than the batch's " + rows + " rows");
        }
        this.values = fixed.getDataBuffer().memoryAddress();
        this.validity = fixed.getValidityBuffer().memoryAddress();
        this.mayHaveNulls = fixed.getNullCount() > 0;
    }

    public int rows() {
        return rows;
    }

    public boolean isNull(int row) {
        return mayHaveNulls && (MemoryUtil.getByte(validity + (checked(row) >>> 3)) & (1 << (row & 7))) == 0;
    }

    public long get(int row) {
        return MemoryUtil.getLong(values + (long) checked(row) * Long.BYTES);
    }

    /** Rows are checked with one comparison (no reference count, no buffer lookup) before raw memory is read. */
    private int checked(int row) {
        if (row < 0 || row >= rows) {
            throw new IndexOutOfBoundsException("row " + row + " of a batch of " + rows);
        }
        return row;
    }

    /** Orders (null?, timestamp) with nulls after every value; returns <0, 0, >0. */
    static int compare(boolean nullA, long tsA, boolean nullB, long tsB) {
        if (nullA || nullB) {
            return Boolean.compare(nullA, nullB);
        }
        return Long.compare(tsA, tsB);
    }
}
