package io.mosaicod.format;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.format.Encoding;

/**
 * Decodes a v1 data page's repetition or definition levels into a byte per entry: the RLE / bit-packing hybrid
 * (runs of one repeated value, or groups of eight bit-packed values, little-endian bit order) behind its 4-byte
 * length, or the deprecated BIT_PACKED encoding (most significant bit first, no length). Levels never exceed the
 * nesting depth, so a byte holds any of them.
 */
final class LevelDecoder {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Each byte's eight bits as eight bytes of 0 or 1, its lowest bit first: eight one-bit levels in one store. */
    private static final long[] BIT_BYTES = new long[256];

    static {
        for (int b = 0; b < 256; b++) {
            long bytes = 0;
            for (int k = 0; k < 8; k++) {
                bytes |= (long) (b >>> k & 1) << 8 * k;
            }
            BIT_BYTES[b] = bytes;
        }
    }

    private LevelDecoder() {
    }

    /**
     * Fills {@code out[0, count)} from {@code bytes}' position and leaves it after the levels, and
     * {@code counts[level]} with how many entries have each level (counted per run, not per entry, where the
     * levels repeat; {@code counts} has room for any byte, 256 entries); returns
     * the smallest level (so a caller knows when every entry is at the maximum). Levels whose maximum is 0 are not
     * stored at all; a level above {@code maxLevel} fails the page. {@code bytes} is backed by an array.
     */
    static int decode(ByteBuffer bytes, Encoding encoding, int maxLevel, int count, byte[] out, int[] counts)
            throws IOException {
        int bitWidth = 32 - Integer.numberOfLeadingZeros(maxLevel);
        java.util.Arrays.fill(counts, 0);
        if (bitWidth == 0) {
            java.util.Arrays.fill(out, 0, count, (byte) 0);
            counts[0] = count;
            return 0;
        }
        if (encoding == Encoding.RLE) {
            int length = bytes.getInt();
            int end = bytes.position() + length;
            if (length < 0 || end > bytes.limit()) {
                throw new IOException("levels of " + length + " bytes overrun their page");
            }
            int base = bytes.arrayOffset();
            decodeHybrid(bytes.array(), base + bytes.position(), base + end, bitWidth, count, out, counts);
            bytes.position(end);
        } else if (encoding == Encoding.BIT_PACKED) {
            int start = bytes.position();
            long bits = (long) count * bitWidth;
            int length = (int) ((bits + 7) / 8);
            if (start + length > bytes.limit()) {
                throw new IOException("levels of " + length + " bytes overrun their page");
            }
            for (int i = 0; i < count; i++) {
                int value = 0;
                for (int b = 0; b < bitWidth; b++) {
                    long bit = (long) i * bitWidth + b;
                    value = value << 1 | (bytes.get(start + (int) (bit >>> 3)) >>> (7 - (bit & 7)) & 1);
                }
                out[i] = (byte) value;
                counts[value]++;
            }
            bytes.position(start + length);
        } else {
            throw new IOException("unsupported level encoding " + encoding);
        }
        for (int level = counts.length - 1; level > maxLevel; level--) {
            if (counts[level] > 0) {
                throw new IOException("a page has level " + level + " beyond the column's maximum " + maxLevel);
            }
        }
        int min = 0;
        while (min < maxLevel && counts[min] == 0) {
            min++;
        }
        return min;
    }

    /** Decodes the hybrid runs in {@code a[from, end)}, counting each level. */
    private static void decodeHybrid(byte[] a, int from, int end, int bitWidth, int count, byte[] out, int[] counts)
            throws IOException {
        int i = 0;
        int p = from;
        int valueBytes = (bitWidth + 7) / 8;
        while (i < count) {
            if (p >= end) {
                throw new IOException("levels end after " + i + " of " + count + " entries");
            }
            int header = 0;
            int shift = 0;
            int b;
            do {
                b = a[p++] & 0xFF;
                header |= (b & 0x7F) << shift;
                shift += 7;
            } while ((b & 0x80) != 0 && shift < 35 && p < end);
            if ((header & 1) == 0) {
                int run = header >>> 1;
                int value = 0;
                for (int k = 0; k < valueBytes; k++) {
                    value |= (p < end ? a[p++] & 0xFF : 0) << (8 * k);
                }
                if (value >= counts.length) {
                    throw new IOException("a page has level " + value + ", more than a byte holds");
                }
                int n = Math.min(run, count - i);
                java.util.Arrays.fill(out, i, i + n, (byte) value);
                counts[value] += n;
                i += n;
            } else {
                // bit-packed groups of eight values take bitWidth bytes each, padded after the page's last entry
                int groupBytes = (header >>> 1) * bitWidth;
                int n = Math.min((header >>> 1) * 8, count - i);
                if (p + ((long) n * bitWidth + 7) / 8 > end) {
                    throw new IOException("bit-packed levels overrun their page after " + i + " of " + count
                            + " entries");
                }
                if (bitWidth == 1) {
                    unpackBits(a, p, n, out, i, counts);
                } else {
                    unpack(a, p, n, bitWidth, out, i, counts);
                }
                i += n;
                p = (int) Math.min(end, (long) p + groupBytes);
            }
        }
    }

    /** {@code n} one-bit levels from {@code a[p...]}, eight a byte. */
    private static void unpackBits(byte[] a, int p, int n, byte[] out, int at, int[] counts) {
        int ones = 0;
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            int b = a[p + (i >>> 3)] & 0xFF;
            ones += Integer.bitCount(b);
            LONGS.set(out, at + i, BIT_BYTES[b]);
        }
        for (; i < n; i++) {
            int bit = a[p + (i >>> 3)] >>> (i & 7) & 1;
            ones += bit;
            out[at + i] = (byte) bit;
        }
        counts[1] += ones;
        counts[0] += n - ones;
    }

    private static void unpack(byte[] a, int p, int n, int bitWidth, byte[] out, int at, int[] counts) {
        int mask = (1 << bitWidth) - 1;
        long buffer = 0;
        int buffered = 0;
        int q = p;
        for (int v = 0; v < n; v++) {
            while (buffered < bitWidth) {
                buffer |= (long) (a[q++] & 0xFF) << buffered;
                buffered += 8;
            }
            int value = (int) (buffer & mask);
            out[at + v] = (byte) value;
            counts[value]++;
            buffer >>>= bitWidth;
            buffered -= bitWidth;
        }
    }
}
