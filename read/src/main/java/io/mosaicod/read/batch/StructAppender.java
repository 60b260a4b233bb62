package io.mosaicod.read.batch;

import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.complex.StructVector;

/** Structs: their validity (if nullable), then every child with the same row ranges. */
final class StructAppender extends ColumnAppender {
    private final ColumnAppender[] children;

    StructAppender(ColumnAppender[] children) {
        this.children = children;
    }

    @Override
    void append(ValueVector from, RowRanges ranges, ValueVector to, int at) {
        if (ranges.rows() == 0) {
            return;
        }
        ranges.requireWithin(from.getValueCount(), describe(from));
        if (to instanceof StructVector) {
            // only the validity is the struct's own: each child reserves its slots itself
            while (to.getValidityBuffer().capacity() * 8L < at + ranges.rows()) {
                to.reAlloc();
            }
            copyValidity(from, ranges, to, at);
        }
        NonNullableStructVector source = (NonNullableStructVector) from;
        NonNullableStructVector target = (NonNullableStructVector) to;
        for (int i = 0; i < children.length; i++) {
            children[i].append(source.getChildByOrdinal(i), ranges, target.getChildByOrdinal(i), at);
        }
    }
}
