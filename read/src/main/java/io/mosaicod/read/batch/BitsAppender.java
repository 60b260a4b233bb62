package io.mosaicod.read.batch;

import org.apache.arrow.vector.ValueVector;

/** Booleans, whose values are bit-packed like their validity. */
final class BitsAppender extends ColumnAppender {

    @Override
    void append(ValueVector from, RowRanges ranges, ValueVector to, int at) {
        if (ranges.rows() == 0) {
            return;
        }
        ranges.requireWithin(from.getValueCount(), describe(from));
        reserveSlots(to, at + ranges.rows());
        ValidityBits.copy(from.getDataBuffer().memoryAddress(), ranges, to.getDataBuffer().memoryAddress(), at);
        copyValidity(from, ranges, to, at);
    }
}
