package io.mosaicod.read.batch;

import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Copies ranges of bit-packed buffers (validity bitmaps, boolean values) at any bit alignment: whole bytes
 * where source and target line up, two source bytes shifted into one target byte where they do not, and
 * single bits only at the edges. Reads and writes raw memory: callers check bounds once per append.
 */
final class ValidityBits {
    private ValidityBits() {
    }

    /**
     * Copies the bits of {@code ranges} from the buffers at {@code sources} (one per source of the ranges) to the
     * one at {@code target}, from bit {@code at}.
     */
    static void copy(long[] sources, RowRanges ranges, long target, int at) {
        int position = at;
        for (int r = 0; r < ranges.size(); r++) {
            copy(sources[ranges.source(r)], ranges.start(r), target, position, ranges.length(r));
            position += ranges.length(r);
        }
    }

    static void copy(long source, int sourceBit, long target, int targetBit, int count) {
        int from = sourceBit;
        int to = targetBit;
        int left = count;
        while (left > 0 && (to & 7) != 0) {
            set(target, to++, get(source, from++));
            left--;
        }
        int shift = from & 7;
        if (shift == 0 && left >= 8) {
            int bytes = left >>> 3;
            MemoryUtil.copyMemory(source + (from >>> 3), target + (to >>> 3), bytes);
            from += bytes << 3;
            to += bytes << 3;
            left -= bytes << 3;
        } else {
            // bits [from, from + 8) span two source bytes, both inside the range being copied
            while (left >= 8) {
                long byteAddress = source + (from >>> 3);
                int low = MemoryUtil.getByte(byteAddress) & 0xFF;
                int high = MemoryUtil.getByte(byteAddress + 1) & 0xFF;
                MemoryUtil.putByte(target + (to >>> 3), (byte) ((low >>> shift) | (high << (8 - shift))));
                from += 8;
                to += 8;
                left -= 8;
            }
        }
        while (left > 0) {
            set(target, to++, get(source, from++));
            left--;
        }
    }

    static boolean get(long buffer, int bit) {
        return (MemoryUtil.getByte(buffer + (bit >>> 3)) & (1 << (bit & 7))) != 0;
    }

    static void set(long buffer, int bit, boolean value) {
        long address = buffer + (bit >>> 3);
        int b = MemoryUtil.getByte(address);
        int mask = 1 << (bit & 7);
        MemoryUtil.putByte(address, (byte) (value ? b | mask : b & ~mask));
    }
}
