package io.mosaicod.format;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;

/** Accumulates {@link ColumnStatistics.Text} from UTF-8 bytes, copying only when a new minimum or maximum is seen. */
final class TextStatisticsBuilder {

    private byte[] min;
    private byte[] max;
    private long minPrefix;
    private long maxPrefix;
    private boolean hasNull;

    void add(byte[] bytes, int length) {
        if (min == null || Arrays.compareUnsigned(bytes, 0, length, min, 0, min.length) < 0) {
            min = Arrays.copyOf(bytes, length);
            minPrefix = prefix(min);
        }
        if (max == null || Arrays.compareUnsigned(bytes, 0, length, max, 0, max.length) > 0) {
            max = Arrays.copyOf(bytes, length);
            maxPrefix = prefix(max);
        }
    }

    private static long prefix(byte[] bytes) {
        long prefix = 0;
        for (int i = 0; i < 8; i++) {
            prefix = prefix << 8 | (i < bytes.length ? bytes[i] & 0xFF : 0);
        }
        return prefix;
    }

    /**
     * The same for {@code length} bytes at a raw address (an Arrow buffer's), compared where they lie: first by
     * their first eight bytes as one unsigned number, which settles most comparisons, and byte by byte only on
     * a tie. Memory up to {@code end} may be read, so that a short value is read as one word.
     */
    void add(long address, int length, long end) {
        long prefix = prefix(address, length, end);
        if (min == null || compare(prefix, address, length, minPrefix, min) < 0) {
            min = copy(address, length);
            minPrefix = prefix;
        }
        if (max == null || compare(prefix, address, length, maxPrefix, max) > 0) {
            max = copy(address, length);
            maxPrefix = prefix;
        }
    }

    /**
     * The first eight bytes, big-endian, zero-padded: ordered as the bytes are, up to ties. A value shorter than
     * eight bytes is read as the word it starts, with the bytes after it masked off, where that word ends by
     * {@code end}: most labels and names are that short, and a byte at a time costs as much as the rest of
     * their statistics.
     */
    private static long prefix(long address, int length, long end) {
        if (length >= 8) {
            return Long.reverseBytes(MemoryUtil.getLong(address));
        }
        if (length == 0) {
            return 0;
        }
        if (address + 8 <= end) {
            return Long.reverseBytes(MemoryUtil.getLong(address)) & -1L << 8 * (8 - length);
        }
        long prefix = 0;
        for (int i = 0; i < length; i++) {
            prefix = prefix << 8 | MemoryUtil.getByte(address + i) & 0xFF;
        }
        return prefix << 8 * (8 - length);
    }

    private static int compare(long prefix, long address, int length, long otherPrefix, byte[] other) {
        int c = Long.compareUnsigned(prefix, otherPrefix);
        if (c != 0) {
            return c;
        }
        int n = Math.min(length, other.length);
        for (int i = 8; i < n; i++) {
            int a = MemoryUtil.getByte(address + i) & 0xFF;
            int b = other[i] & 0xFF;
            if (a != b) {
                return a - b;
            }
        }
        return length - other.length;
    }

    private static byte[] copy(long address, int length) {
        byte[] bytes = new byte[length];
        MemoryUtil.copyFromMemory(address, bytes, 0, length);
        return bytes;
    }

    void addNull() {
        hasNull = true;
    }

    ColumnStatistics.Text build(String path) {
        return new ColumnStatistics.Text(path, text(min), text(max), hasNull);
    }

    private static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }
}
