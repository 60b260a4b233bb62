package io.mosaicod.format;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

/** Tracks the time range of a chunk and whether its rows are in {@code timestamp_ns} order (nulls last). */
final class TimestampTracker {

    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private boolean any;
    private boolean sorted = true;
    private boolean seenNull;
    private long last = Long.MIN_VALUE;

    void add(FieldVector timestamps, int rows) {
        ArrowBuf data = timestamps.getDataBuffer();
        for (int i = 0; i < rows; i++) {
            if (timestamps.isNull(i)) {
                seenNull = true;
                continue;
            }
            long t = data.getLong(i * 8L);
            if (seenNull || t < last) {
                sorted = false;
            }
            last = t;
            any = true;
            min = Math.min(min, t);
            max = Math.max(max, t);
        }
    }

    /**
     * Accounts for rows known only by their summary (copied row groups): their range, whether they were in
     * order and whether any timestamp was null.
     */
    void addSummary(Long rowsMin, Long rowsMax, boolean rowsSorted, boolean rowsHaveNull) {
        if (rowsMin != null) {
            if (seenNull || rowsMin < last || !rowsSorted) {
                sorted = false;
            }
            last = rowsMax;
            any = true;
            min = Math.min(min, rowsMin);
            max = Math.max(max, rowsMax);
        } else if (!rowsSorted) {
            sorted = false;
        }
        seenNull |= rowsHaveNull;
    }

    Long min() {
        return any ? min : null;
    }

    Long max() {
        return any ? max : null;
    }

    boolean sorted() {
        return sorted;
    }
}
