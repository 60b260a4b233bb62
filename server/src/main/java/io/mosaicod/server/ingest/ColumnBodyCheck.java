package io.mosaicod.server.ingest;

import io.mosaicod.core.ClientText;
import io.mosaicod.server.ingest.RecordBatchCheck.Inconsistent;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The full check of a loaded batch's columns, for every type an upload may carry (UploadSchema lets through only
 * types a chunk can store): buffers long enough for their values, offsets non-negative, non-decreasing and within
 * their data, strings UTF-8, and no null in a field declared not nullable wherever its value is present (a null
 * parent, list entry or map entry leaves its children's slots free; a map's keys are such a field). This is what
 * pyarrow's {@code validate(full=True)} checks of these types, plus nullability, which a Parquet column cannot
 * bend. Arrow Java's own full validation is not used: it refuses valid fixed-size lists, maps and half floats.
 * One pass over offsets and, for strings that are not all ASCII, their bytes; the nulls of a field declared not
 * nullable are placed only when it has some.
 */
final class ColumnBodyCheck {
    private static final long ASCII_BITS = 0x8080808080808080L;
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private final List<FieldVector> ancestors = new ArrayList<>();

    private ColumnBodyCheck() {
    }

    static void check(List<FieldVector> columns) throws Inconsistent {
        ColumnBodyCheck check = new ColumnBodyCheck();
        for (FieldVector column : columns) {
            check.column(column, column.getName());
        }
    }

    private void column(FieldVector vector, String path) throws Inconsistent {
        Field field = vector.getField();
        int count = vector.getValueCount();
        requireBytes(vector.getValidityBuffer(), ((long) count + 7) / 8, path, "validity bitmap");
        if (!field.isNullable() && vector.getNullCount() > 0) {
            long present = nullsWherePresent(vector);
            if (present > 0) {
                throw new Inconsistent("field `" + ClientText.quote(path) + "` is declared not nullable but holds "
                        + present + (present == 1 ? " null" : " nulls"));
            }
        }
        ArrowType.ArrowTypeID type = field.getType().getTypeID();
        switch (type) {
            case Struct -> children(vector, path);
            case List, Map, LargeList -> {
                offsets(vector, path, vector.getOffsetBuffer(), type == ArrowType.ArrowTypeID.LargeList ? 8 : 4,
                        onlyChild(vector).getValueCount());
                children(vector, path);
            }
            case FixedSizeList -> {
                long needed = (long) count * ((FixedSizeListVector) vector).getListSize();
                requireRange(needed, onlyChild(vector).getValueCount(), path);
                children(vector, path);
            }
            case Utf8, Binary -> text(vector, path, 4, type == ArrowType.ArrowTypeID.Utf8);
            case LargeUtf8, LargeBinary -> text(vector, path, 8, type == ArrowType.ArrowTypeID.LargeUtf8);
            case Bool -> requireBytes(vector.getDataBuffer(), ((long) count + 7) / 8, path, "values");
            default -> {
                requireBytes(vector.getDataBuffer(), (long) count * ((BaseFixedWidthVector) vector).getTypeWidth(),
                        path, "values");
                rescaledValues(vector, path);
            }
        }
    }

    /**
     * Values a chunk stores in another unit, as pyarrow does (timestamp[s] in milliseconds, date64 in days), must
     * survive the rescaling: a timestamp[s] within ±(2^63 - 1) / 1000 seconds (±292 million years), a date64 a whole
     * number of days (which pyarrow's full validation requires too).
     */
    private static void rescaledValues(FieldVector vector, String path) throws Inconsistent {
        ArrowType type = vector.getField().getType();
        boolean seconds = type instanceof ArrowType.Timestamp t && t.getUnit() == TimeUnit.SECOND;
        boolean date64 = type instanceof ArrowType.Date d && d.getUnit() == DateUnit.MILLISECOND;
        if (!seconds && !date64) {
            return;
        }
        long values = vector.getDataBuffer().memoryAddress();
        ArrowBuf validity = vector.getValidityBuffer();
        for (int i = 0; i < vector.getValueCount(); i++) {
            long value = MemoryUtil.getLong(values + 8L * i);
            if (BitVectorHelper.get(validity, i) == 0) {
                continue;
            }
            if (seconds && (value > Long.MAX_VALUE / 1000 || value < -(Long.MAX_VALUE / 1000))) {
                throw new Inconsistent("field `" + ClientText.quote(path) + "` holds " + value + " s, beyond the "
                        + "±" + Long.MAX_VALUE / 1000 + " s a chunk stores of a timestamp[s]");
            }
            if (date64 && value % MILLIS_PER_DAY != 0) {
                throw new Inconsistent("field `" + ClientText.quote(path) + "` holds the date64 " + value
                        + " ms, which is not a whole number of days");
            }
        }
    }

    /**
     * Paths as a schema refusal spells them: a struct's fields by name, a list's values as {@code []}, a map's
     * entries as the map itself (so its fields read {@code m.key}, {@code m.value}).
     */
    private void children(FieldVector parent, String path) throws Inconsistent {
        ArrowType.ArrowTypeID type = parent.getField().getType().getTypeID();
        ancestors.add(parent);
        for (FieldVector child : parent.getChildrenFromFields()) {
            column(child, switch (type) {
                case Struct -> path + "." + child.getName();
                case Map -> path;
                default -> path + "[]";
            });
        }
        ancestors.remove(ancestors.size() - 1);
    }

    private static FieldVector onlyChild(FieldVector vector) {
        return vector.getChildrenFromFields().get(0);
    }

    /**
     * Checks the offsets of {@code vector}'s values: as many as it needs, non-negative and non-decreasing, the last
     * at most {@code limit}. Returns the last offset.
     */
    private static long offsets(FieldVector vector, String path, ArrowBuf offsets, int width, long limit)
            throws Inconsistent {
        int count = vector.getValueCount();
        if (count == 0) {
            return 0;
        }
        requireBytes(offsets, ((long) count + 1) * width, path, "offsets");
        long address = offsets.memoryAddress();
        long previous = offset(address, 0, width);
        if (previous < 0) {
            throw new Inconsistent("field `" + ClientText.quote(path) + "` starts at offset " + previous);
        }
        for (int i = 1; i <= count; i++) {
            long next = offset(address, i, width);
            if (next < previous) {
                throw new Inconsistent("field `" + ClientText.quote(path) + "` has decreasing offsets at value "
                        + (i - 1) + " (" + previous + " then " + next + ")");
            }
            previous = next;
        }
        requireRange(previous, limit, path);
        return previous;
    }

    private static long offset(long address, int index, int width) {
        return width == 4 ? MemoryUtil.getInt(address + 4L * index) : MemoryUtil.getLong(address + 8L * index);
    }

    private static void requireRange(long needed, long available, String path) throws Inconsistent {
        if (needed > available) {
            throw new Inconsistent("field `" + ClientText.quote(path) + "` refers to " + needed
                    + " values of its children or data, which hold " + available);
        }
    }

    private static void requireBytes(ArrowBuf buffer, long needed, String path, String what) throws Inconsistent {
        if (needed > 0 && buffer.capacity() < needed) {
            throw new Inconsistent("field `" + ClientText.quote(path) + "` has " + buffer.capacity() + " bytes of "
                    + what + " where " + needed + " are needed");
        }
    }

    private static void text(FieldVector vector, String path, int width, boolean utf8) throws Inconsistent {
        ArrowBuf data = vector.getDataBuffer();
        long end = offsets(vector, path, vector.getOffsetBuffer(), width, data.capacity());
        if (!utf8 || vector.getValueCount() == 0) {
            return;
        }
        long address = vector.getOffsetBuffer().memoryAddress();
        long start = offset(address, 0, width);
        if (isAscii(data.memoryAddress() + start, end - start)) {
            return;
        }
        ArrowBuf validity = vector.getValidityBuffer();
        for (int i = 0; i < vector.getValueCount(); i++) {
            if (BitVectorHelper.get(validity, i) == 0) {
                continue;
            }
            long from = offset(address, i, width);
            long invalid = Utf8Check.firstInvalid(data.memoryAddress() + from, offset(address, i + 1, width) - from);
            if (invalid >= 0) {
                throw new Inconsistent("field `" + ClientText.quote(path) + "` holds a string that is not UTF-8 "
                        + "(value " + i + ", byte " + invalid + ")");
            }
        }
    }

    private static boolean isAscii(long address, long length) {
        long i = 0;
        long bits = 0;
        for (; i + 8 <= length; i += 8) {
            bits |= MemoryUtil.getLong(address + i);
        }
        for (; i < length; i++) {
            bits |= MemoryUtil.getByte(address + i);
        }
        return (bits & ASCII_BITS) == 0;
    }

    /** Nulls of {@code vector} in slots its ancestors make present (not under a null parent or outside every list). */
    private long nullsWherePresent(FieldVector vector) {
        BitSet present = null; // null: every slot of the current level
        for (int level = 0; level < ancestors.size(); level++) {
            FieldVector parent = ancestors.get(level);
            FieldVector child = level + 1 < ancestors.size() ? ancestors.get(level + 1) : vector;
            present = childSlots(parent, present, child.getValueCount());
        }
        long nulls = 0;
        ArrowBuf validity = vector.getValidityBuffer();
        for (int i = present == null ? 0 : present.nextSetBit(0); i >= 0 && i < vector.getValueCount();
             i = present == null ? i + 1 : present.nextSetBit(i + 1)) {
            if (BitVectorHelper.get(validity, i) == 0) {
                nulls++;
            }
        }
        return nulls;
    }

    /** The slots of {@code parent}'s children that its present, non-null values use. */
    private static BitSet childSlots(FieldVector parent, BitSet present, int childCount) {
        BitSet slots = new BitSet(childCount);
        ArrowBuf validity = parent.getValidityBuffer();
        ArrowType.ArrowTypeID type = parent.getField().getType().getTypeID();
        long offsets = type == ArrowType.ArrowTypeID.Struct || type == ArrowType.ArrowTypeID.FixedSizeList
                ? 0 : parent.getOffsetBuffer().memoryAddress();
        int width = type == ArrowType.ArrowTypeID.LargeList ? 8 : 4;
        for (int i = 0; i < parent.getValueCount(); i++) {
            if (present != null && !present.get(i) || BitVectorHelper.get(validity, i) == 0) {
                continue;
            }
            switch (type) {
                case Struct -> slots.set(i);
                case FixedSizeList -> {
                    int size = ((FixedSizeListVector) parent).getListSize();
                    slots.set(i * size, i * size + size);
                }
                default -> slots.set((int) offset(offsets, i, width), (int) offset(offsets, i + 1, width));
            }
        }
        return slots;
    }
}
