package io.mosaicod.format;

/**
 * Encodes repetition or definition levels as v1 data pages store them: a 4-byte length, then the RLE /
 * bit-packing hybrid — runs of eight or more equal levels as one repeated value, everything else bit-packed in
 * groups of eight (least significant bit first), the last group padded with zeros. One-bit levels that are not
 * all equal are bit-packed in one run, which costs a bit per level and no search for runs. Levels whose maximum
 * is 0 are not stored at all.
 */
final class LevelEncoder {
    private LevelEncoder() {
    }

    /** Appends the encoding of {@code levels[0, count)} to {@code out}. */
    static void encode(byte[] levels, int count, int bitWidth, GrowableBytes out) {
        if (bitWidth == 0) {
            return;
        }
        // at most a 5-byte header and 8 bytes per 8 levels (bit widths are at most 8), plus the length
        out.ensure(4 + 2 * count + 16);
        byte[] a = out.array();
        int lengthAt = out.size();
        int p = lengthAt + 4;
        int i = 0;
        if (count > 0 && bitWidth == 1 && runLength(levels, 0, count) < count) {
            // one-bit levels that vary (repetition levels of lists): all of them bit-packed, eight to a byte
            int groups = (count + 7) / 8;
            p = writeVarint(a, p, groups << 1 | 1);
            p = packBits(levels, count, a, p);
            i = count;
        }
        while (i < count) {
            int run = runLength(levels, i, count);
            if (run >= 8) {
                p = writeVarint(a, p, run << 1);
                int value = levels[i];
                for (int b = 0; b < bitWidth; b += 8) {
                    a[p++] = (byte) (value >>> b);
                }
                i += run;
                continue;
            }
            int start = i;
            int groups = 0;
            do {
                groups++;
                i += 8;
            } while (i < count && !startsRun(levels, i, count));
            p = writeVarint(a, p, groups << 1 | 1);
            p = pack(levels, start, Math.min(i, count), groups * 8, bitWidth, a, p);
            i = Math.min(i, count);
        }
        int length = p - lengthAt - 4;
        a[lengthAt] = (byte) length;
        a[lengthAt + 1] = (byte) (length >>> 8);
        a[lengthAt + 2] = (byte) (length >>> 16);
        a[lengthAt + 3] = (byte) (length >>> 24);
        out.advance(p - lengthAt);
    }

    private static int runLength(byte[] levels, int from, int count) {
        int j = from + 1;
        while (j < count && levels[j] == levels[from]) {
            j++;
        }
        return j - from;
    }

    /** Whether eight equal levels start at {@code from}. */
    private static boolean startsRun(byte[] levels, int from, int count) {
        if (from + 8 > count) {
            return false;
        }
        for (int j = from + 1; j < from + 8; j++) {
            if (levels[j] != levels[from]) {
                return false;
            }
        }
        return true;
    }

    /** Bit-packs {@code levels[from, to)} followed by zeros up to {@code values} values; returns the end. */
    private static int pack(byte[] levels, int from, int to, int values, int bitWidth, byte[] a, int at) {
        int p = at;
        long buffer = 0;
        int buffered = 0;
        for (int v = 0; v < values; v++) {
            int level = from + v < to ? levels[from + v] : 0;
            buffer |= (long) level << buffered;
            buffered += bitWidth;
            while (buffered >= 8) {
                a[p++] = (byte) buffer;
                buffer >>>= 8;
                buffered -= 8;
            }
        }
        return p;
    }

    /** Bit-packs one-bit levels eight to a byte, the last byte padded with zeros; returns the end. */
    private static int packBits(byte[] levels, int count, byte[] a, int at) {
        int p = at;
        int i = 0;
        for (; i + 8 <= count; i += 8) {
            a[p++] = (byte) (levels[i] | levels[i + 1] << 1 | levels[i + 2] << 2 | levels[i + 3] << 3
                    | levels[i + 4] << 4 | levels[i + 5] << 5 | levels[i + 6] << 6 | levels[i + 7] << 7);
        }
        if (i < count) {
            int last = 0;
            for (int k = 0; i + k < count; k++) {
                last |= levels[i + k] << k;
            }
            a[p++] = (byte) last;
        }
        return p;
    }

    private static int writeVarint(byte[] a, int at, int value) {
        int p = at;
        int v = value;
        while ((v & ~0x7F) != 0) {
            a[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        a[p++] = (byte) v;
        return p;
    }
}
