package io.mosaicod.server.ingest;

import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Well-formed UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF, no sequence cut short. A
 * string column a reader cannot decode would fail every later read of the topic, so it is refused at the door.
 */
final class Utf8Check {

    private Utf8Check() {
    }

    /** The index of the first byte of the first ill-formed sequence in {@code [address, address + length)}, or -1. */
    static long firstInvalid(long address, long length) {
        long i = 0;
        while (i < length) {
            int b = MemoryUtil.getByte(address + i) & 0xff;
            if (b < 0x80) {
                i++;
                continue;
            }
            int size;
            int low = 0x80;
            int high = 0xbf; // the bounds of the second byte, which rule out overlongs, surrogates and > U+10FFFF
            if (b >= 0xc2 && b <= 0xdf) {
                size = 2;
            } else if (b >= 0xe0 && b <= 0xef) {
                size = 3;
                low = b == 0xe0 ? 0xa0 : 0x80;
                high = b == 0xed ? 0x9f : 0xbf;
            } else if (b >= 0xf0 && b <= 0xf4) {
                size = 4;
                low = b == 0xf0 ? 0x90 : 0x80;
                high = b == 0xf4 ? 0x8f : 0xbf;
            } else {
                return i;
            }
            if (i + size > length) {
                return i;
            }
            int second = MemoryUtil.getByte(address + i + 1) & 0xff;
            if (second < low || second > high) {
                return i;
            }
            for (int k = 2; k < size; k++) {
                int next = MemoryUtil.getByte(address + i + k) & 0xff;
                if (next < 0x80 || next > 0xbf) {
                    return i;
                }
            }
            i += size;
        }
        return -1;
    }
}
