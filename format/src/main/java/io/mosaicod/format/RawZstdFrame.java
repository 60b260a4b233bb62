package io.mosaicod.format;

/**
 * Writes a ZSTD frame (RFC 8878) whose blocks are stored raw: a valid ZSTD stream that costs a copy instead
 * of a compression attempt, for data that does not compress.
 */
final class RawZstdFrame {

    private static final int MAGIC = 0xFD2FB528;
    /** Frame header descriptor: 4-byte content size, single segment, no checksum, no dictionary. */
    private static final int DESCRIPTOR = (2 << 6) | (1 << 5);
    private static final int HEADER_BYTES = 4 + 1 + 4;
    private static final int MAX_BLOCK = 128 << 10;
    private static final int RAW_BLOCK = 0;

    private RawZstdFrame() {
    }

    static int maxSize(int length) {
        return HEADER_BYTES + length + 3 * (length / MAX_BLOCK + 1);
    }

    /** Frames {@code data[from, from + length)} into {@code out} at {@code at}; returns the frame's size. */
    static int write(byte[] data, int from, int length, byte[] out, int at) {
        int p = putIntLe(out, at, MAGIC);
        out[p++] = (byte) DESCRIPTOR;
        p = putIntLe(out, p, length);
        int offset = 0;
        do {
            int size = Math.min(MAX_BLOCK, length - offset);
            boolean last = offset + size == length;
            int header = (size << 3) | (RAW_BLOCK << 1) | (last ? 1 : 0);
            out[p++] = (byte) header;
            out[p++] = (byte) (header >>> 8);
            out[p++] = (byte) (header >>> 16);
            System.arraycopy(data, from + offset, out, p, size);
            p += size;
            offset += size;
        } while (offset < length);
        return p - at;
    }

    private static int putIntLe(byte[] out, int p, int v) {
        out[p] = (byte) v;
        out[p + 1] = (byte) (v >>> 8);
        out[p + 2] = (byte) (v >>> 16);
        out[p + 3] = (byte) (v >>> 24);
        return p + 4;
    }
}
