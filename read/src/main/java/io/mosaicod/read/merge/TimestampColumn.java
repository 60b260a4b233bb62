package io.mosaicod.read.merge;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Direct access to a batch's {@code timestamp_ns} column (Int64, or an Arrow timestamp stored as 8-byte
 * values) without boxing: the merge reads it for every row.
 */
public final class TimestampColumn {
    public static final String NAME = "timestamp_ns";

    private final BaseFixedWidthVector vector;
    private final ArrowBuf data;
    private final boolean mayHaveNulls;

    public TimestampColumn(VectorSchemaRoot batch) {
        FieldVector v = batch.getVector(NAME);
        if (!(v instanceof BaseFixedWidthVector fixed) || fixed.getTypeWidth() != Long.BYTES) {
            throw new IllegalArgumentException("batch has no 64-bit '" + NAME + "' column: " + batch.getSchema());
        }
        this.vector = fixed;
        this.data = fixed.getDataBuffer();
        this.mayHaveNulls = fixed.getNullCount() > 0;
    }

    public boolean isNull(int row) {
        return mayHaveNulls && vector.isNull(row);
    }

    public long get(int row) {
        return data.getLong((long) row * Long.BYTES);
    }

    /** Orders (null?, timestamp) with nulls after every value; returns <0, 0, >0. */
    static int compare(boolean nullA, long tsA, boolean nullB, long tsB) {
        if (nullA || nullB) {
            return Boolean.compare(nullA, nullB);
        }
        return Long.compare(tsA, tsB);
    }
}
