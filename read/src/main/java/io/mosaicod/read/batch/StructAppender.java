package io.mosaicod.read.batch;

import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.complex.StructVector;

/** Structs: their validity (if nullable), then every child with the same row ranges. */
final class StructAppender extends ColumnAppender {
    private final ColumnAppender[] children;
    private final ValueVector[][] childSources;
    private long[] validity = new long[4];

    StructAppender(ColumnAppender[] children) {
        this.children = children;
        this.childSources = new ValueVector[children.length][4];
    }

    @Override
    void append(ValueVector[] from, RowRanges ranges, ValueVector to, int at) {
        if (ranges.rows() == 0) {
            return;
        }
        int sources = ranges.sourceCount();
        ranges.requireWithin(from, describe(to));
        if (to instanceof StructVector) {
            // only the validity is the struct's own: each child reserves its slots itself
            while (to.getValidityBuffer().capacity() * 8L < at + ranges.rows()) {
                to.reAlloc();
            }
            validity = appendValidity(from, sources, ranges, to, at, validity);
        }
        NonNullableStructVector target = (NonNullableStructVector) to;
        for (int i = 0; i < children.length; i++) {
            ValueVector[] childFrom = childSources[i] = room(childSources[i], sources);
            for (int s = 0; s < sources; s++) {
                childFrom[s] = ((NonNullableStructVector) from[s]).getChildByOrdinal(i);
            }
            children[i].append(childFrom, ranges, target.getChildByOrdinal(i), at);
        }
    }
}
