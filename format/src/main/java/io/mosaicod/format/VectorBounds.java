package io.mosaicod.format;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Checks, once per batch, that every buffer the encoders read lies within its vector for the batch's rows:
 * validity and value buffers large enough, offsets ordered and ending inside the values or elements they
 * address, children long enough. The encoders then read raw memory without a check per value, and a batch
 * whose buffers do not hold what its lengths claim (a client can send one) is refused instead of read out of
 * bounds. Counts are derived from the parent, not taken from the children's own value counts.
 */
final class VectorBounds {
    private VectorBounds() {
    }

    /** Checks the first {@code rows} slots of every top-level vector of a batch and everything below them. */
    static void check(Iterable<FieldVector> vectors, int rows) {
        for (FieldVector v : vectors) {
            check(v, rows, v.getName());
        }
    }

    private static void check(ValueVector v, long slots, String path) {
        if (slots == 0) {
            return;
        }
        if (!(v instanceof NonNullableStructVector) || v instanceof StructVector) {
            require(v.getValidityBuffer(), (slots + 7) / 8, "validity", path);
        }
        if (v instanceof BitVector) {
            require(v.getDataBuffer(), (slots + 7) / 8, "values", path);
        } else if (v instanceof BaseFixedWidthVector fixed) {
            require(v.getDataBuffer(), slots * fixed.getTypeWidth(), "values", path);
        } else if (v instanceof BaseVariableWidthVector || v instanceof BaseLargeVariableWidthVector) {
            long end = offsets(v, slots, v instanceof BaseLargeVariableWidthVector, path);
            require(v.getDataBuffer(), end, "values", path);
        } else if (v instanceof ListVector list) {
            check(list.getDataVector(), offsets(v, slots, false, path), path + "[]");
        } else if (v instanceof LargeListVector list) {
            check(list.getDataVector(), offsets(v, slots, true, path), path + "[]");
        } else if (v instanceof FixedSizeListVector list) {
            check(list.getDataVector(), slots * list.getListSize(), path + "[]");
        } else if (v instanceof NonNullableStructVector struct) {
            for (int i = 0; i < struct.size(); i++) {
                ValueVector child = struct.getChildByOrdinal(i);
                check(child, slots, path + "." + child.getName());
            }
        }
    }

    /** Checks the offsets of {@code slots} slots; returns where the last one ends. */
    private static long offsets(ValueVector v, long slots, boolean large, String path) {
        int width = large ? 8 : 4;
        ArrowBuf offsets = v.getOffsetBuffer();
        require(offsets, (slots + 1) * width, "offsets", path);
        long address = offsets.memoryAddress(); // within the capacity just checked
        long previous = large ? MemoryUtil.getLong(address) : MemoryUtil.getInt(address);
        if (previous < 0) {
            throw new IllegalArgumentException("column '" + path + "' has a negative first offset " + previous);
        }
        for (long i = 1; i <= slots; i++) {
            long offset = large ? MemoryUtil.getLong(address + i * 8) : MemoryUtil.getInt(address + i * 4);
            if (offset < previous) {
                throw new IllegalArgumentException("column '" + path + "' has decreasing offsets at slot " + (i - 1)
                        + ": " + previous + " then " + offset);
            }
            previous = offset;
        }
        return previous;
    }

    private static void require(ArrowBuf buffer, long bytes, String what, String path) {
        if (buffer.capacity() < bytes) {
            throw new IllegalArgumentException("column '" + path + "' has " + buffer.capacity() + " bytes of " + what
                    + " where its length needs " + bytes);
        }
    }
}
