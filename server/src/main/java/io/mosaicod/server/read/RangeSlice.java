package io.mosaicod.server.read;

import io.mosaicod.format.WriterProfile;
import io.mosaicod.server.protocol.TimeRange;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The rows of a time-ordered batch (ascending {@code timestamp_ns}, nulls last) inside a range: always one
 * contiguous slice {@code [from, to)}, found by binary search.
 */
record RangeSlice(int from, int to, boolean pastEnd) {

    /** @param pastEnd whether the batch's last timestamped row is at or beyond the range's end (or null) */
    static RangeSlice of(VectorSchemaRoot batch, TimeRange range) {
        int rows = batch.getRowCount();
        if (!range.isBounded()) {
            return new RangeSlice(0, rows, false);
        }
        BigIntVector ts = (BigIntVector) batch.getVector(WriterProfile.TIMESTAMP_COLUMN);
        int timestamped = firstNull(ts, rows);
        int from = range.startNs() == null ? 0 : firstAtLeast(ts, timestamped, range.startNs());
        int to = range.endNs() == null ? timestamped : firstAtLeast(ts, timestamped, range.endNs());
        boolean pastEnd = timestamped < rows || (range.endNs() != null && to < timestamped);
        return new RangeSlice(from, Math.max(from, to), pastEnd);
    }

    int rows() {
        return to - from;
    }

    private static int firstNull(BigIntVector ts, int rows) {
        if (ts.getNullCount() == 0) {
            return rows;
        }
        int lo = 0;
        int hi = rows;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ts.isNull(mid)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private static int firstAtLeast(BigIntVector ts, int rows, long bound) {
        int lo = 0;
        int hi = rows;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ts.get(mid) < bound) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
