package io.mosaicod.read.batch;

import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.ValueVector;

/** Byte arrays (utf8, binary and their large variants): one data copy per range, its offsets rebased. */
final class VariableWidthAppender extends ColumnAppender {
    private final Offsets offsets;

    private VariableWidthAppender(Offsets offsets) {
        this.offsets = offsets;
    }

    static VariableWidthAppender of(ValueVector vector) {
        return new VariableWidthAppender(vector instanceof BaseLargeVariableWidthVector ? Offsets.LONG : Offsets.INT);
    }

    @Override
    void append(ValueVector from, RowRanges ranges, ValueVector to, int at) {
        int rows = ranges.rows();
        if (rows == 0) {
            return;
        }
        String what = describe(from);
        ranges.requireWithin(from.getValueCount(), what);
        reserveSlots(to, at + rows);
        long sourceOffsets = from.getOffsetBuffer().memoryAddress();
        long sourceBytes = from.getDataBuffer().capacity();
        long bytes = 0;
        for (int r = 0; r < ranges.size(); r++) {
            long first = offsets.first(sourceOffsets, ranges.start(r), sourceBytes, what);
            bytes += offsets.end(sourceOffsets, ranges.start(r), ranges.length(r), first, sourceBytes, what) - first;
        }
        long targetOffsets = to.getOffsetBuffer().memoryAddress();
        if (at == 0) {
            offsets.set(targetOffsets, 0, 0);
        }
        long start = offsets.get(targetOffsets, at);
        reserveBytes(to, start + bytes);
        long sourceData = from.getDataBuffer().memoryAddress();
        long targetData = to.getDataBuffer().memoryAddress();
        long cursor = start;
        int position = at;
        for (int r = 0; r < ranges.size(); r++) {
            int s = ranges.start(r);
            int length = ranges.length(r);
            long first = offsets.get(sourceOffsets, s);
            long end = offsets.get(sourceOffsets, s + length);
            copyBytes(sourceData + first, targetData + cursor, end - first);
            offsets.rebase(sourceOffsets, s, length, targetOffsets, position, cursor - first);
            cursor += end - first;
            position += length;
        }
        copyValidity(from, ranges, to, at);
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
