package io.mosaicod.read.batch;

import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;

/** Fixed-size lists: row ranges scaled by the list size become the element ranges. */
final class FixedSizeListAppender extends ColumnAppender {
    private final int size;
    private final ColumnAppender elements;
    private final RowRanges elementRanges = new RowRanges();
    private ValueVector[] elementSources = new ValueVector[4];
    private long[] validity = new long[4];

    FixedSizeListAppender(int size, ColumnAppender elements) {
        this.size = size;
        this.elements = elements;
    }

    @Override
    void append(ValueVector[] from, RowRanges ranges, ValueVector to, int at) {
        if (ranges.rows() == 0) {
            return;
        }
        int sources = ranges.sourceCount();
        ranges.requireWithin(from, describe(to));
        reserveSlots(to, at + ranges.rows());
        elementSources = room(elementSources, sources);
        for (int s = 0; s < sources; s++) {
            elementSources[s] = ((FixedSizeListVector) from[s]).getDataVector();
        }
        elementRanges.clear();
        for (int r = 0; r < ranges.size(); r++) {
            elementRanges.add(ranges.source(r), Math.multiplyExact(ranges.start(r), size),
                    Math.multiplyExact(ranges.length(r), size));
        }
        validity = appendValidity(from, sources, ranges, to, at, validity);
        elements.append(elementSources, elementRanges, ((FixedSizeListVector) to).getDataVector(),
                Math.multiplyExact(at, size));
    }
}
