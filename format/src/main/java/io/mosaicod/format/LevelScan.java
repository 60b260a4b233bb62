package io.mosaicod.format;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds the level entries at or below a level eight at a time. Where a row or a list slot starts is where a
 * repetition level is at most some depth: one entry in a thousand on a point cloud, so testing entries one by one
 * spent most of a nested decode's time. Levels never reach 128 (they are at most the nesting depth, and
 * {@link LevelDecoder} refuses any above the column's maximum), so adding {@code 127 - max} to each byte's low
 * seven bits sets its high bit exactly when the byte exceeds {@code max}, without a carry into the next byte.
 */
final class LevelScan {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LOW_SEVEN = 0x7F7F7F7F7F7F7F7FL;
    private static final long HIGH = 0x8080808080808080L;
    private static final long ONES = 0x0101010101010101L;

    private LevelScan() {
    }

    /** What {@link #atMost} adds to find levels at most {@code max} (0 ≤ max < 128). */
    static long bias(int max) {
        return (127L - max) * ONES;
    }

    /**
     * The high bit of byte {@code j} of the result is set when {@code levels[at + j]} is at most the level
     * {@code bias} was made for, for the eight entries from {@code at} ({@code at + 8 <= levels.length}).
     */
    static long atMost(byte[] levels, int at, long bias) {
        long x = (long) LONGS.get(levels, at);
        return ~((x & LOW_SEVEN) + bias | x) & HIGH;
    }

    /** The entry a mask bit from {@link #atMost} stands for, counted from the mask's first entry. */
    static int entryOf(long mask) {
        return Long.numberOfTrailingZeros(mask) >>> 3;
    }

    /**
     * The index of the entry in {@code levels[from, to)} that is the ({@code n}+1)-th at most {@code max}, or
     * {@code to} when fewer are.
     */
    static int nth(byte[] levels, int from, int to, int max, int n) {
        long bias = bias(max);
        int left = n;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long mask = atMost(levels, i, bias);
            int found = Long.bitCount(mask);
            if (found > left) {
                for (; left > 0; left--) {
                    mask &= mask - 1;
                }
                return i + entryOf(mask);
            }
            left -= found;
        }
        for (; i < to; i++) {
            if (levels[i] <= max && left-- == 0) {
                return i;
            }
        }
        return to;
    }
}
