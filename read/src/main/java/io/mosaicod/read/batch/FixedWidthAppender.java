package io.mosaicod.read.batch;

import org.apache.arrow.vector.ValueVector;

/** Fixed-width values (integers, floats, decimals, times, fixed-size binary): one byte copy per range. */
final class FixedWidthAppender extends ColumnAppender {
    private final int width;
    private long[] values = new long[4];
    private long[] validity = new long[4];

    FixedWidthAppender(int width) {
        this.width = width;
    }

    @Override
    void append(ValueVector[] from, RowRanges ranges, ValueVector to, int at) {
        if (ranges.rows() == 0) {
            return;
        }
        int sources = ranges.sourceCount();
        ranges.requireWithin(from, describe(to));
        reserveSlots(to, at + ranges.rows());
        values = room(values, sources);
        for (int s = 0; s < sources; s++) {
            values[s] = from[s].getDataBuffer().memoryAddress();
        }
        long target = to.getDataBuffer().memoryAddress();
        long position = at;
        for (int r = 0; r < ranges.size(); r++) {
            copyBytes(values[ranges.source(r)] + (long) ranges.start(r) * width, target + position * width,
                    (long) ranges.length(r) * width);
            position += ranges.length(r);
        }
        validity = appendValidity(from, sources, ranges, to, at, validity);
    }
}
