package io.mosaicod.read.batch;

import java.util.Arrays;
import io.mosaicod.format.ValidityWriter;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;

/**
 * Appends ranges of rows of one column — taken from several source batches in turn — to the same column of
 * another batch, buffer by buffer: values and offsets are copied in bulk (offsets rebased), validity bits
 * shifted into place, and nested columns recurse into their children with the one child range each list range
 * maps to. One appender is built per column of a schema, with one per child below it, so the vector layout is
 * decided once rather than per value, and the work per range is a copy, not a lookup.
 *
 * <p>The target must have been filled up to {@code at} by this appender (or be empty): list and byte-array
 * offsets are continued from the target's offset at {@code at}. Value counts are left for the caller to set
 * once the batch is complete ({@link BatchAppender#batch()}).
 */
abstract class ColumnAppender {

    /** Appends the rows {@code ranges} of the sources {@code from}, in order, to {@code to} from slot {@code at} on. */
    abstract void append(ValueVector[] from, RowRanges ranges, ValueVector to, int at);

    /** The appender for vectors of {@code vector}'s type and shape (its children included). */
    static ColumnAppender forVector(ValueVector vector) {
        if (vector instanceof BitVector) {
            return new BitsAppender();
        }
        if (vector instanceof BaseFixedWidthVector fixed) {
            return new FixedWidthAppender(fixed.getTypeWidth());
        }
        if (vector instanceof BaseVariableWidthVector || vector instanceof BaseLargeVariableWidthVector) {
            return VariableWidthAppender.of(vector);
        }
        if (vector instanceof ListVector || vector instanceof LargeListVector) { // maps too: lists of key/value structs
            return ListAppender.of(vector);
        }
        if (vector instanceof FixedSizeListVector list) {
            return new FixedSizeListAppender(list.getListSize(), forVector(list.getDataVector()));
        }
        if (vector instanceof NonNullableStructVector struct) {
            ColumnAppender[] children = new ColumnAppender[struct.size()];
            for (int i = 0; i < children.length; i++) {
                children[i] = forVector(struct.getChildByOrdinal(i));
            }
            return new StructAppender(children);
        }
        throw new IllegalArgumentException("column '" + vector.getName() + "' of type " + vector.getMinorType()
                + " has no columnar copy (the chunk codec does not store such columns either)");
    }

    /** Grows {@code to} until it has {@code slots} value slots (Arrow doubles a vector's buffers each time). */
    static void reserveSlots(ValueVector to, int slots) {
        while (to.getValueCapacity() < slots) {
            to.reAlloc();
        }
    }

    /**
     * Copies {@code bytes} bytes between raw addresses. Copies of a few values (a gather of single rows) go
     * eight bytes at a time, which costs less than the call into the JVM's bulk copy.
     */
    static void copyBytes(long source, long target, long bytes) {
        if (bytes >= 64) {
            MemoryUtil.copyMemory(source, target, bytes);
            return;
        }
        long i = 0;
        for (; i + 8 <= bytes; i += 8) {
            MemoryUtil.putLong(target + i, MemoryUtil.getLong(source + i));
        }
        for (; i < bytes; i++) {
            MemoryUtil.putByte(target + i, MemoryUtil.getByte(source + i));
        }
    }

    /** {@code scratch}, grown to hold at least {@code n} entries (its contents are then undefined). */
    static long[] room(long[] scratch, int n) {
        return scratch.length >= n ? scratch : new long[Math.max(n, scratch.length * 2)];
    }

    static ValueVector[] room(ValueVector[] scratch, int n) {
        return scratch.length >= n ? scratch : Arrays.copyOf(scratch, Math.max(n, scratch.length * 2));
    }

    /** The sources' validity buffers' addresses into {@code scratch} (grown if needed), which is returned. */
    private static long[] validityAddresses(ValueVector[] from, int sources, long[] scratch) {
        long[] addresses = room(scratch, sources);
        for (int s = 0; s < sources; s++) {
            addresses[s] = from[s].getValidityBuffer().memoryAddress();
        }
        return addresses;
    }

    /**
     * Appends the validity of {@code ranges} to {@code to} from slot {@code at}. A column its schema declares
     * non-nullable is valid in every slot of every batch the chunk decoder makes, so its bits are set in bulk
     * instead of copied range by range (a merge alternating between runs copies ranges of a few rows each).
     * Returns {@code scratch}, grown if the sources' addresses needed more room, for the next append.
     */
    static long[] appendValidity(ValueVector[] from, int sources, RowRanges ranges, ValueVector to, int at,
                                 long[] scratch) {
        long target = to.getValidityBuffer().memoryAddress();
        if (!to.getField().isNullable()) {
            ValidityWriter.setOnes(target, at, ranges.rows());
            return scratch;
        }
        long[] addresses = validityAddresses(from, sources, scratch);
        ValidityBits.copy(addresses, ranges, target, at);
        return addresses;
    }

    static String describe(ValueVector vector) {
        return "column '" + vector.getName() + "'";
    }
}
