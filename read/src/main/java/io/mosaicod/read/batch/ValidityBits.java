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
     * one at {@code target}, from bit {@code at}. The target is written in order, so bits of short ranges (a merge
     * alternating between runs) are gathered into whole bytes before they are stored; long ranges are copied a
     * byte or two at a time.
     */
    static void copy(long[] sources, RowRanges ranges, long target, int at) {
        int position = at;
        int pending = (position & 7) == 0 ? 0 : MemoryUtil.getByte(target + (position >>> 3)) & ((1 << (position & 7)) - 1);
        for (int r = 0; r < ranges.size(); r++) {
            long source = sources[ranges.source(r)];
            int start = ranges.start(r);
            int length = ranges.length(r);
            if (length >= 32) {
                if ((position & 7) != 0) {
                    MemoryUtil.putByte(target + (position >>> 3), (byte) pending);
                }
                copy(source, start, target, position, length);
                position += length;
                pending = (position & 7) == 0 ? 0
                        : MemoryUtil.getByte(target + (position >>> 3)) & ((1 << (position & 7)) - 1);
                continue;
            }
            for (int i = start; i < start + length; i++) {
                if (get(source, i)) {
                    pending |= 1 << (position & 7);
                }
                if ((position & 7) == 7) {
                    MemoryUtil.putByte(target + (position >>> 3), (byte) pending);
                    pending = 0;
                }
                position++;
            }
        }
        if ((position & 7) != 0) {
            MemoryUtil.putByte(target + (position >>> 3), (byte) pending);
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
