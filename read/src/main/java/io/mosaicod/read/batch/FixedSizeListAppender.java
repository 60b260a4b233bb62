package io.mosaicod.read.batch;

import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;

/** Fixed-size lists: row ranges scaled by the list size become the element ranges. */
final class FixedSizeListAppender extends ColumnAppender {
    private final int size;
    private final ColumnAppender elements;
    private final RowRanges elementRanges = new RowRanges();

    FixedSizeListAppender(int size, ColumnAppender elements) {
        this.size = size;
        this.elements = elements;
    }

    @Override
    void append(ValueVector from, RowRanges ranges, ValueVector to, int at) {
        if (ranges.rows() == 0) {
            return;
        }
        ranges.requireWithin(from.getValueCount(), describe(from));
        reserveSlots(to, at + ranges.rows());
        elementRanges.clear();
        for (int r = 0; r < ranges.size(); r++) {
            elementRanges.add(Math.multiplyExact(ranges.start(r), size), Math.multiplyExact(ranges.length(r), size));
        }
        copyValidity(from, ranges, to, at);
        elements.append(((FixedSizeListVector) from).getDataVector(), elementRanges,
                ((FixedSizeListVector) to).getDataVector(), Math.multiplyExact(at, size));
    }
}
