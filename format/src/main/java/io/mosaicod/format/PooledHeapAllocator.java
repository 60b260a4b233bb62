package io.mosaicod.format;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Iterator;
import org.apache.parquet.bytes.ByteBufferAllocator;

/**
 * Heap buffers for parquet-java's column-chunk reads, reused per thread: reading thousands of chunks
 * otherwise allocates (and collects) every byte read. parquet-java releases a row group's buffers when its
 * page store is closed, after the reader has copied everything it needs into Arrow vectors.
 */
final class PooledHeapAllocator implements ByteBufferAllocator {

    static final PooledHeapAllocator INSTANCE = new PooledHeapAllocator();

    private static final long MAX_POOLED_BYTES = 64L << 20;
    private static final ThreadLocal<Pool> POOL = ThreadLocal.withInitial(Pool::new);

    private static final class Pool {
        final ArrayDeque<byte[]> arrays = new ArrayDeque<>();
        long bytes;
    }

    private PooledHeapAllocator() {
    }

    @Override
    public ByteBuffer allocate(int size) {
        Pool pool = POOL.get();
        for (Iterator<byte[]> it = pool.arrays.iterator(); it.hasNext(); ) {
            byte[] array = it.next();
            if (array.length >= size && array.length <= 2L * size + 4096) {
                it.remove();
                pool.bytes -= array.length;
                return ByteBuffer.wrap(array, 0, size).slice();
            }
        }
        return ByteBuffer.allocate(size);
    }

    @Override
    public void release(ByteBuffer buffer) {
        if (!buffer.hasArray() || buffer.arrayOffset() != 0) {
            return;
        }
        Pool pool = POOL.get();
        byte[] array = buffer.array();
        if (pool.bytes + array.length <= MAX_POOLED_BYTES) {
            pool.arrays.addFirst(array);
            pool.bytes += array.length;
        }
    }

    @Override
    public boolean isDirect() {
        return false;
    }
}
