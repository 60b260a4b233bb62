package io.mosaicod.format;

import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Writes consecutive validity bits of a bitmap a byte at a time (instead of a read-modify-write per bit),
 * keeping the bits before the first one and leaving those after the last one for the next run. The caller has
 * made the bitmap large enough. {@link #setOnes} also serves the merge's appenders.
 */
public final class ValidityWriter {
    private long address;
    private int slot;
    private int bits;

    /** Starts writing at {@code slot} of the bitmap at {@code address}. */
    void start(long address, int slot) {
        this.address = address;
        this.slot = slot;
        int kept = slot & 7;
        this.bits = kept == 0 ? 0 : MemoryUtil.getByte(address + (slot >>> 3)) & ((1 << kept) - 1);
    }

    void append(boolean valid) {
        if (valid) {
            bits |= 1 << (slot & 7);
        }
        if ((slot & 7) == 7) {
            MemoryUtil.putByte(address + (slot >>> 3), (byte) bits);
            bits = 0;
        }
        slot++;
    }

    /** Writes the last partial byte; returns the slot after the last one written. */
    int finish() {
        if ((slot & 7) != 0) {
            MemoryUtil.putByte(address + (slot >>> 3), (byte) bits);
        }
        return slot;
    }

    /** Sets bits {@code [from, from + count)} of the bitmap at {@code address}: whole bytes at once. */
    public static void setOnes(long address, int from, int count) {
        int bit = from;
        int end = from + count;
        while (bit < end && (bit & 7) != 0) {
            setBit(address, bit++);
        }
        int bytes = (end - bit) >>> 3;
        if (bytes > 0) {
            MemoryUtil.setMemory(address + (bit >>> 3), bytes, (byte) 0xFF);
            bit += bytes << 3;
        }
        while (bit < end) {
            setBit(address, bit++);
        }
    }

    private static void setBit(long address, int bit) {
        long at = address + (bit >>> 3);
        MemoryUtil.putByte(at, (byte) (MemoryUtil.getByte(at) | 1 << (bit & 7)));
    }

    /** Whether bits {@code [from, from + count)} of the bitmap at {@code address} are all set. */
    static boolean allSet(long address, int from, int count) {
        int bit = from;
        int end = from + count;
        while (bit < end && (bit & 7) != 0) {
            if ((MemoryUtil.getByte(address + (bit >>> 3)) & 1 << (bit & 7)) == 0) {
                return false;
            }
            bit++;
        }
        for (; bit + 64 <= end; bit += 64) {
            if (MemoryUtil.getLong(address + (bit >>> 3)) != -1L) {
                return false;
            }
        }
        for (; bit + 8 <= end; bit += 8) {
            if (MemoryUtil.getByte(address + (bit >>> 3)) != (byte) 0xFF) {
                return false;
            }
        }
        for (; bit < end; bit++) {
            if ((MemoryUtil.getByte(address + (bit >>> 3)) & 1 << (bit & 7)) == 0) {
                return false;
            }
        }
        return true;
    }
}
