package io.mosaicod.format;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.TreeMap;

/**
 * Byte arrays for page and column-chunk buffers, reused across chunk writers and readers: an ingest or
 * rewrite that handles thousands of chunks would otherwise allocate (and zero) megabytes per chunk. One pool
 * for the process, not one per thread: a chunk may be decoded on one thread and closed on another (the
 * optimizer opens runs ahead of its merge), and per-thread pools then filled one thread's pool while the other
 * allocated afresh, until the heap held gigabytes.
 */
final class SlabPool {

    private static final long MAX_POOLED_BYTES = 64L << 20;
    private static final SlabPool SHARED = new SlabPool();

    private final TreeMap<Integer, ArrayDeque<byte[]>> bySize = new TreeMap<>();
    private long bytes;

    static SlabPool shared() {
        return SHARED;
    }

    /**
     * An array of at least {@code size} bytes (contents undefined), not more than twice as large if pooled. A new
     * one is rounded up to the next eighth of a power of two: a reader asks for its page buffer again whenever a
     * page is larger than the last, by a few bytes at a time, and exact sizes made each of those a fresh
     * allocation (0.6 GB over five reads of a 1 GB point-cloud topic, most of them humongous objects whose every
     * allocation may start a G1 cycle).
     */
    synchronized byte[] acquire(int size) {
        Map.Entry<Integer, ArrayDeque<byte[]>> fit = bySize.ceilingEntry(size);
        if (fit == null || fit.getKey() / 2 > size) {
            return new byte[roundedUp(size)];
        }
        byte[] array = fit.getValue().pollFirst();
        if (fit.getValue().isEmpty()) {
            bySize.remove(fit.getKey());
        }
        bytes -= array.length;
        return array;
    }

    /** The bytes of the arrays the pool holds. */
    synchronized long pooledBytes() {
        return bytes;
    }

    private static int roundedUp(int size) {
        int step = Math.max(1, Integer.highestOneBit(size) / 8);
        long rounded = ((long) size + step - 1) / step * step;
        return (int) Math.min(rounded, Integer.MAX_VALUE - 8);
    }

    /** Keeps released arrays up to the pool's size, dropping the smallest first (the cheapest to allocate). */
    synchronized void release(byte[] array) {
        if (array.length == 0 || array.length > MAX_POOLED_BYTES) {
            return;
        }
        bySize.computeIfAbsent(array.length, k -> new ArrayDeque<>()).addFirst(array);
        bytes += array.length;
        while (bytes > MAX_POOLED_BYTES) {
            Map.Entry<Integer, ArrayDeque<byte[]>> smallest = bySize.firstEntry();
            smallest.getValue().pollLast();
            if (smallest.getValue().isEmpty()) {
                bySize.remove(smallest.getKey());
            }
            bytes -= smallest.getKey();
        }
    }
}
