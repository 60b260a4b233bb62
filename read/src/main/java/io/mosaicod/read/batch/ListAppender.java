package io.mosaicod.read.batch;

import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;

/**
 * Lists, large lists and maps: offsets rebased range by range, then the elements those ranges span appended to
 * the child in one call (each list range spans one contiguous element range of the same source).
 */
final class ListAppender extends ColumnAppender {
    private final Offsets offsets;
    private final ColumnAppender elements;
    private final RowRanges elementRanges = new RowRanges();
    private ValueVector[] elementSources = new ValueVector[4];
    private long[] sourceOffsets = new long[4];
    private long[] validity = new long[4];

    private ListAppender(Offsets offsets, ColumnAppender elements) {
        this.offsets = offsets;
        this.elements = elements;
    }

    static ListAppender of(ValueVector vector) {
        if (vector instanceof LargeListVector list) {
            return new ListAppender(Offsets.LONG, forVector(list.getDataVector()));
        }
        return new ListAppender(Offsets.INT, forVector(((ListVector) vector).getDataVector()));
    }

    @Override
    void append(ValueVector[] from, RowRanges ranges, ValueVector to, int at) {
        int rows = ranges.rows();
        if (rows == 0) {
            return;
        }
        String what = describe(to);
        int sources = ranges.sourceCount();
        ranges.requireWithin(from, what);
        reserveSlots(to, at + rows);
        elementSources = room(elementSources, sources);
        sourceOffsets = room(sourceOffsets, sources);
        for (int s = 0; s < sources; s++) {
            elementSources[s] = elementsOf(from[s]);
            sourceOffsets[s] = from[s].getOffsetBuffer().memoryAddress();
        }
        long targetOffsets = to.getOffsetBuffer().memoryAddress();
        if (at == 0) {
            offsets.set(targetOffsets, 0, 0);
        }
        long elementAt = offsets.get(targetOffsets, at);
        long cursor = elementAt;
        int position = at;
        elementRanges.clear();
        for (int r = 0; r < ranges.size(); r++) {
            int s = ranges.source(r);
            int start = ranges.start(r);
            int length = ranges.length(r);
            int elementCount = elementSources[s].getValueCount();
            long first = offsets.first(sourceOffsets[s], start, elementCount, what);
            long end = offsets.end(sourceOffsets[s], start, length, first, elementCount, what);
            offsets.rebase(sourceOffsets[s], start, length, targetOffsets, position, cursor - first);
            elementRanges.add(s, (int) first, (int) (end - first));
            cursor += end - first;
            position += length;
        }
        if (cursor > Integer.MAX_VALUE) {
            throw new IllegalStateException(what + " would hold " + cursor + " elements in one batch");
        }
        validity = appendValidity(from, sources, ranges, to, at, validity);
        if (to instanceof ListVector list) {
            list.setLastSet(at + rows - 1);
        } else {
            ((LargeListVector) to).setLastSet(at + rows - 1);
        }
        elements.append(elementSources, elementRanges, elementsOf(to), (int) elementAt);
    }

    private static ValueVector elementsOf(ValueVector list) {
        return list instanceof ListVector l ? l.getDataVector() : ((LargeListVector) list).getDataVector();
    }
}
