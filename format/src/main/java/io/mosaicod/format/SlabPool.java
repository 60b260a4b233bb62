package io.mosaicod.format;

import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * Byte arrays for page and column-chunk buffers, reused per thread across chunk writers: an ingest or
 * rewrite that writes thousands of chunks would otherwise allocate (and zero) megabytes per chunk.
 */
final class SlabPool {

    private static final long MAX_POOLED_BYTES = 256L << 20;
    private static final ThreadLocal<SlabPool> POOL = ThreadLocal.withInitial(SlabPool::new);

    private final ArrayDeque<byte[]> arrays = new ArrayDeque<>();
    private long bytes;

    static SlabPool current() {
        return POOL.get();
    }

    /** An array of at least {@code size} bytes (contents undefined), not more than twice as large if pooled. */
    byte[] acquire(int size) {
        for (Iterator<byte[]> it = arrays.iterator(); it.hasNext(); ) {
            byte[] array = it.next();
            if (array.length >= size && array.length / 2 <= size) {
                it.remove();
                bytes -= array.length;
                return array;
            }
        }
        return new byte[size];
    }

    /** Keeps the most recently released arrays, dropping the oldest beyond the pool's size. */
    void release(byte[] array) {
        if (array.length == 0 || array.length > MAX_POOLED_BYTES) {
            return;
        }
        arrays.addFirst(array);
        bytes += array.length;
        while (bytes > MAX_POOLED_BYTES) {
            bytes -= arrays.removeLast().length;
        }
    }
}
