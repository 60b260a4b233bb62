package io.mosaicod.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.format.Encoding;

/**
 * Decodes a v1 data page's repetition or definition levels into a byte per entry: the RLE / bit-packing hybrid
 * (runs of one repeated value, or groups of eight bit-packed values, little-endian bit order) behind its 4-byte
 * length, or the deprecated BIT_PACKED encoding (most significant bit first, no length). Levels never exceed the
 * nesting depth, so a byte holds any of them.
 */
final class LevelDecoder {
    private LevelDecoder() {
    }

    /**
     * Fills {@code out[0, count)} from {@code bytes}' position and leaves it after the levels; returns the
     * smallest level (so a caller knows when every entry is at the maximum). Levels whose maximum is 0 are not
     * stored at all; a level above {@code maxLevel} fails the page.
     */
    static int decode(ByteBuffer bytes, Encoding encoding, int maxLevel, int count, byte[] out) throws IOException {
        int bitWidth = 32 - Integer.numberOfLeadingZeros(maxLevel);
        if (bitWidth == 0) {
            java.util.Arrays.fill(out, 0, count, (byte) 0);
            return 0;
        } else if (encoding == Encoding.RLE) {
            int length = bytes.getInt();
            int end = bytes.position() + length;
            if (length < 0 || end > bytes.limit()) {
                throw new IOException("levels of " + length + " bytes overrun their page");
            }
            decodeHybrid(bytes, bytes.position(), end, bitWidth, count, out);
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
            }
            bytes.position(start + length);
        } else {
            throw new IOException("unsupported level encoding " + encoding);
        }
        return checkedMinimum(out, count, maxLevel);
    }

    /** The smallest of the levels, once none is above the column's maximum. */
    private static int checkedMinimum(byte[] levels, int count, int maxLevel) throws IOException {
        int min = maxLevel;
        int max = 0;
        for (int i = 0; i < count; i++) {
            int level = levels[i];
            min = Math.min(min, level);
            max = Math.max(max, level);
        }
        if (max > maxLevel) {
            throw new IOException("a page has level " + max + " beyond the column's maximum " + maxLevel);
        }
        return count == 0 ? maxLevel : min;
    }

    private static void decodeHybrid(ByteBuffer bytes, int from, int end, int bitWidth, int count, byte[] out)
            throws IOException {
        int i = 0;
        int p = from;
        int valueBytes = (bitWidth + 7) / 8;
        int mask = (1 << bitWidth) - 1;
        while (i < count) {
            if (p >= end) {
                throw new IOException("levels end after " + i + " of " + count + " entries");
            }
            int header = 0;
            int shift = 0;
            int b;
            do {
                b = bytes.get(p++) & 0xFF;
                header |= (b & 0x7F) << shift;
                shift += 7;
            } while ((b & 0x80) != 0 && shift < 35 && p < end);
            if ((header & 1) == 0) {
                int run = header >>> 1;
                int value = 0;
                for (int k = 0; k < valueBytes; k++) {
                    value |= (p < end ? bytes.get(p++) & 0xFF : 0) << (8 * k);
                }
                int n = Math.min(run, count - i);
                java.util.Arrays.fill(out, i, i + n, (byte) value);
                i += n;
            } else {
                // bit-packed groups of eight values take bitWidth bytes each, padded after the page's last entry
                int groupBytes = (header >>> 1) * bitWidth;
                int n = Math.min((header >>> 1) * 8, count - i);
                if (p + ((long) n * bitWidth + 7) / 8 > end) {
                    throw new IOException("bit-packed levels overrun their page after " + i + " of " + count
                            + " entries");
                }
                long buffer = 0;
                int buffered = 0;
                int q = p;
                for (int v = 0; v < n; v++) {
                    while (buffered < bitWidth) {
                        buffer |= (long) (bytes.get(q++) & 0xFF) << buffered;
                        buffered += 8;
                    }
                    out[i++] = (byte) (buffer & mask);
                    buffer >>>= bitWidth;
                    buffered -= bitWidth;
                }
                p = (int) Math.min(end, (long) p + groupBytes);
            }
        }
    }
}
