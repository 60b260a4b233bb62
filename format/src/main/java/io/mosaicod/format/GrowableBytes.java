package io.mosaicod.format;

import java.io.OutputStream;
import org.apache.arrow.memory.ArrowBuf;

/** A reusable, growable byte array that pages and column chunks are assembled in without further copies. */
final class GrowableBytes extends OutputStream {

    private byte[] buf;
    private int size;

    /**
     * Starts from a pooled array: the array goes back to the pool at {@link #release}, and one allocated here
     * would never be asked for again by size (a fleet's 9 KiB uploads, ~1,000 of these a second, filled the
     * pool with 64 MB of them held on the heap: docs/benchmarks.md, "Concurrent uploads").
     */
    GrowableBytes(int initialCapacity) {
        buf = initialCapacity == 0 ? new byte[0] : SlabPool.shared().acquire(initialCapacity);
    }

    /** Returns the array to the pool; the buffer must not be used afterwards. */
    void release() {
        SlabPool.shared().release(buf);
        buf = new byte[0];
        size = 0;
    }

    byte[] array() {
        return buf;
    }

    int size() {
        return size;
    }

    void reset() {
        size = 0;
    }

    /** Makes room for {@code more} bytes after the current size. */
    void ensure(int more) {
        long needed = (long) size + more;
        if (needed > buf.length) {
            if (needed > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("buffer would exceed 2 GB");
            }
            byte[] bigger = SlabPool.shared().acquire(
                    (int) Math.max(needed, Math.min(Integer.MAX_VALUE - 16, buf.length * 2L)));
            System.arraycopy(buf, 0, bigger, 0, size);
            SlabPool.shared().release(buf);
            buf = bigger;
        }
    }

    /** Moves the end after bytes written directly into {@link #array()}. */
    void advance(int n) {
        size += n;
    }

    @Override
    public void write(int b) {
        ensure(1);
        buf[size++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
    }

    void writeIntLittleEndian(int v) {
        ensure(4);
        buf[size] = (byte) v;
        buf[size + 1] = (byte) (v >>> 8);
        buf[size + 2] = (byte) (v >>> 16);
        buf[size + 3] = (byte) (v >>> 24);
        size += 4;
    }

    /** Appends {@code length} bytes of an Arrow buffer. */
    void write(ArrowBuf from, long start, int length) {
        ensure(length);
        from.getBytes(start, buf, size, length);
        size += length;
    }
}
