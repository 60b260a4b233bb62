package io.mosaicod.read.merge;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Appends consecutive rows of one batch to another batch of the same schema, column by column. The merge
 * spends most of its time here, so fixed-width and variable-width columns are copied as byte ranges; other
 * layouts (bits, structs, lists, maps, 64-bit offsets) fall back to Arrow's value-by-value copy.
 *
 * <p>Rows must be appended contiguously: {@code toRow} is always the target's current row count.
 */
public final class RowRangeCopier {
    private RowRangeCopier() {
    }

    public static void copy(VectorSchemaRoot from, int fromRow, int count, VectorSchemaRoot to, int toRow) {
        List<FieldVector> source = from.getFieldVectors();
        List<FieldVector> target = to.getFieldVectors();
        for (int c = 0; c < source.size(); c++) {
            copy(source.get(c), fromRow, count, target.get(c), toRow);
        }
    }

    static void copy(ValueVector from, int fromRow, int count, ValueVector to, int toRow) {
        if (count == 0) {
            return;
        }
        if (from instanceof BaseFixedWidthVector source && to instanceof BaseFixedWidthVector target
                && !(from instanceof BitVector)) {
            copyFixedWidth(source, fromRow, count, target, toRow);
        } else if (from instanceof BaseVariableWidthVector source && to instanceof BaseVariableWidthVector target) {
            copyVariableWidth(source, fromRow, count, target, toRow);
        } else {
            for (int i = 0; i < count; i++) {
                to.copyFromSafe(fromRow + i, toRow + i, from);
            }
        }
    }

    private static void copyFixedWidth(BaseFixedWidthVector from, int fromRow, int count, BaseFixedWidthVector to,
                                       int toRow) {
        while (to.getValueCapacity() < toRow + count) {
            to.reAlloc();
        }
        long width = from.getTypeWidth();
        to.getDataBuffer().setBytes(toRow * width, from.getDataBuffer(), fromRow * width, count * width);
        copyValidity(from, fromRow, count, to.getValidityBuffer(), toRow);
    }

    private static void copyVariableWidth(BaseVariableWidthVector from, int fromRow, int count,
                                          BaseVariableWidthVector to, int toRow) {
        while (to.getValueCapacity() < toRow + count) {
            to.reallocValidityAndOffsetBuffers();
        }
        int sourceStart = from.getStartOffset(fromRow);
        int bytes = from.getStartOffset(fromRow + count) - sourceStart;
        int targetStart = to.getStartOffset(toRow);
        while (to.getDataBuffer().capacity() < (long) targetStart + bytes) {
            to.reallocDataBuffer();
        }
        to.getDataBuffer().setBytes(targetStart, from.getDataBuffer(), sourceStart, bytes);
        ArrowBuf offsets = to.getOffsetBuffer();
        int shift = targetStart - sourceStart;
        for (int i = 1; i <= count; i++) {
            offsets.setInt((long) (toRow + i) * BaseVariableWidthVector.OFFSET_WIDTH, from.getStartOffset(fromRow + i) + shift);
        }
        copyValidity(from, fromRow, count, to.getValidityBuffer(), toRow);
        to.setLastSet(toRow + count - 1);
    }

    private static void copyValidity(ValueVector from, int fromRow, int count, ArrowBuf toValidity, int toRow) {
        for (int i = 0; i < count; i++) {
            BitVectorHelper.setValidityBit(toValidity, toRow + i, from.isNull(fromRow + i) ? 0 : 1);
        }
    }
}
