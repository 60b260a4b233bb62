package io.mosaicod.read.batch;

import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.ValueVector;

/** Byte arrays (utf8, binary and their large variants): one data copy per range, its offsets rebased. */
final class VariableWidthAppender extends ColumnAppender {
    private final Offsets offsets;
    private long[] sourceOffsets = new long[4];
    private long[] sourceData = new long[4];
    private long[] validity = new long[4];

    private VariableWidthAppender(Offsets offsets) {
        this.offsets = offsets;
    }

    static VariableWidthAppender of(ValueVector vector) {
        return new VariableWidthAppender(vector instanceof BaseLargeVariableWidthVector ? Offsets.LONG : Offsets.INT);
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
        sourceOffsets = room(sourceOffsets, sources);
        sourceData = room(sourceData, sources);
        for (int s = 0; s < sources; s++) {
            sourceOffsets[s] = from[s].getOffsetBuffer().memoryAddress();
            sourceData[s] = from[s].getDataBuffer().memoryAddress();
        }
        long bytes = 0;
        for (int r = 0; r < ranges.size(); r++) {
            int s = ranges.source(r);
            long capacity = from[s].getDataBuffer().capacity();
            long first = offsets.first(sourceOffsets[s], ranges.start(r), capacity, what);
            bytes += offsets.end(sourceOffsets[s], ranges.start(r), ranges.length(r), first, capacity, what) - first;
        }
        long targetOffsets = to.getOffsetBuffer().memoryAddress();
        if (at == 0) {
            offsets.set(targetOffsets, 0, 0);
        }
        long start = offsets.get(targetOffsets, at);
        reserveBytes(to, start + bytes);
        long targetData = to.getDataBuffer().memoryAddress();
        long cursor = start;
        int position = at;
        for (int r = 0; r < ranges.size(); r++) {
            int s = ranges.source(r);
            int first = ranges.start(r);
            int length = ranges.length(r);
            long begin = offsets.get(sourceOffsets[s], first);
            long end = offsets.get(sourceOffsets[s], first + length);
            copyBytes(sourceData[s] + begin, targetData + cursor, end - begin);
            offsets.rebase(sourceOffsets[s], first, length, targetOffsets, position, cursor - begin);
            cursor += end - begin;
            position += length;
        }
        validity = appendValidity(from, sources, ranges, to, at, validity);
        if (to instanceof BaseVariableWidthVector v) {
            v.setLastSet(at + rows - 1);
        } else {
            ((BaseLargeVariableWidthVector) to).setLastSet(at + rows - 1);
        }
    }

    private static void reserveBytes(ValueVector to, long bytes) {
        if (to instanceof BaseVariableWidthVector v) {
            if (bytes > Integer.MAX_VALUE) {
                throw new IllegalStateException(describe(to) + " would hold " + bytes
                        + " bytes in one batch, more than its 32-bit offsets address");
            }
            while (v.getDataBuffer().capacity() < bytes) {
                v.reallocDataBuffer();
            }
        } else {
            BaseLargeVariableWidthVector v = (BaseLargeVariableWidthVector) to;
            while (v.getDataBuffer().capacity() < bytes) {
                v.reallocDataBuffer();
            }
        }
    }
}
