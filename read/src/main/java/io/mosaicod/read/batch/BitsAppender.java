package io.mosaicod.read.batch;

import org.apache.arrow.vector.ValueVector;

/** Booleans, whose values are bit-packed like their validity. */
final class BitsAppender extends ColumnAppender {
    private long[] values = new long[4];
    private long[] validity = new long[4];

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
        ValidityBits.copy(values, ranges, to.getDataBuffer().memoryAddress(), at);
        validity = appendValidity(from, sources, ranges, to, at, validity);
    }
}
