package io.mosaicod.read.batch;

import org.apache.arrow.memory.util.MemoryUtil;

/** 32- or 64-bit offsets (of byte arrays or list elements) at raw addresses. */
final class Offsets {
    static final Offsets INT = new Offsets(4);
    static final Offsets LONG = new Offsets(8);

    private final int width;

    private Offsets(int width) {
        this.width = width;
    }

    long get(long buffer, int index) {
        return width == 4 ? MemoryUtil.getInt(buffer + 4L * index) : MemoryUtil.getLong(buffer + 8L * index);
    }

    void set(long buffer, int index, long value) {
        if (width == 4) {
            MemoryUtil.putInt(buffer + 4L * index, (int) value);
        } else {
            MemoryUtil.putLong(buffer + 8L * index, value);
        }
    }

    /**
     * Writes the end offsets of {@code count} source slots from {@code sourceStart} as target slots from
     * {@code targetStart}, moved by {@code shift} (the target's start offset is already there).
     */
    void rebase(long source, int sourceStart, int count, long target, int targetStart, long shift) {
        for (int k = 1; k <= count; k++) {
            set(target, targetStart + k, get(source, sourceStart + k) + shift);
        }
    }

    /**
     * The value range {@code [first, end)} that slots {@code [start, start + count)} span, checked to be ordered
     * and within {@code values} (the bytes or elements the source holds): the copies read without bounds checks.
     */
    long first(long buffer, int start, long values, String what) {
        return checked(get(buffer, start), values, what);
    }

    long end(long buffer, int start, int count, long first, long values, String what) {
        long end = checked(get(buffer, start + count), values, what);
        if (end < first) {
            throw new IllegalArgumentException(what + " has decreasing offsets " + first + " > " + end + " at slot "
                    + start);
        }
        return end;
    }

    private static long checked(long offset, long values, String what) {
        if (offset < 0 || offset > values) {
            throw new IllegalArgumentException(what + " has offset " + offset + " outside its " + values + " values");
        }
        return offset;
    }
}
