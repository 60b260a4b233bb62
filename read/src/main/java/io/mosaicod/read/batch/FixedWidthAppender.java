package io.mosaicod.read.batch;

import org.apache.arrow.vector.ValueVector;

/** Fixed-width values (integers, floats, decimals, times, fixed-size binary): one byte copy per range. */
final class FixedWidthAppender extends ColumnAppender {
    private final int width;

    FixedWidthAppender(int width) {
        this.width = width;
    }

    @Override
    void append(ValueVector from, RowRanges ranges, ValueVector to, int at) {
        if (ranges.rows() == 0) {
            return;
        }
        ranges.requireWithin(from.getValueCount(), describe(from));
        reserveSlots(to, at + ranges.rows());
        long source = from.getDataBuffer().memoryAddress();
        long target = to.getDataBuffer().memoryAddress();
        long position = at;
        for (int r = 0; r < ranges.size(); r++) {
            copyBytes(source + (long) ranges.start(r) * width, target + position * width, (long) ranges.length(r) * width);
            position += ranges.length(r);
        }
        copyValidity(from, ranges, to, at);
    }
}
