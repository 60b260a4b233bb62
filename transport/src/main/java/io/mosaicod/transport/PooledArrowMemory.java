package io.mosaicod.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import org.apache.arrow.memory.AllocationManager;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.memory.netty.NettyAllocationManager;

/**
 * Arrow memory for the processes that stream batches (the server, the client): taken from a Netty pool of its own
 * whose chunks are 16 MiB, where Arrow's default pool has Netty's 4 MiB. Arrow rounds a buffer up to a power of two
 * up to 16 MiB, the chunk size Netty had when Arrow's pool was written; with 4 MiB chunks a buffer over 4 MiB was
 * allocated outside the pool and freed again, and one of 2–4 MiB took a chunk of its own, which went back to the
 * system once the buffer was freed. A stream allocates its batches afresh (whoever sends a batch keeps its
 * buffers until they are written), so each batch's memory was faulted in anew: 11 % of the server's CPU on a full
 * read of the flat benchmark topic, 10 % of the client's on mixed-width (docs/benchmarks.md, "Reads").
 *
 * <p>Its own pool, not a JVM-wide setting ({@code io.netty.allocator.maxOrder}), so that gRPC's buffers keep their
 * 2 MiB chunks and the store optimizer, whose memory has a cap, Arrow's default pool.
 */
public final class PooledArrowMemory {
    /** 8 KiB pages, 2^11 of them to a chunk: 16 MiB. */
    private static final int MAX_ORDER = 11;
    private static final PooledByteBufAllocator POOL = new PooledByteBufAllocator(true, 0,
            PooledByteBufAllocator.defaultNumDirectArena(), PooledByteBufAllocator.defaultPageSize(), MAX_ORDER,
            PooledByteBufAllocator.defaultSmallCacheSize(), PooledByteBufAllocator.defaultNormalCacheSize(),
            PooledByteBufAllocator.defaultUseCacheForAllThreads());
    /** Arrow's own pool, for what this one cannot hold (a buffer over 2 GiB). */
    private static final AllocationManager.Factory FALLBACK = NettyAllocationManager.FACTORY;
    /** Whether the pool's direct buffers expose their address, which an Arrow buffer needs (not without Unsafe). */
    private static final boolean ADDRESSABLE = addressable();
    private static final AllocationManager.Factory FACTORY = new AllocationManager.Factory() {
        @Override
        public AllocationManager create(BufferAllocator accountingAllocator, long size) {
            return ADDRESSABLE && size <= Integer.MAX_VALUE ? new PooledBlock(accountingAllocator, (int) size)
                    : FALLBACK.create(accountingAllocator, size);
        }

        @Override
        public ArrowBuf empty() {
            return FALLBACK.empty();
        }
    };

    private PooledArrowMemory() {
    }

    /** A root allocator of at most {@code limitBytes} whose buffers come from the pool. */
    public static BufferAllocator rootAllocator(long limitBytes) {
        return new RootAllocator(RootAllocator.configBuilder().allocationManagerFactory(FACTORY)
                .maxAllocation(limitBytes).build());
    }

    /** The pool itself, for a connection's network buffers. */
    static ByteBufAllocator pool() {
        return POOL;
    }

    private static boolean addressable() {
        ByteBuf probe = POOL.directBuffer(1);
        try {
            return probe.hasMemoryAddress();
        } finally {
            probe.release();
        }
    }

    /** One Arrow allocation: a buffer of the pool, given back to it when Arrow releases the allocation. */
    private static final class PooledBlock extends AllocationManager {
        private final ByteBuf buffer;

        PooledBlock(BufferAllocator accountingAllocator, int size) {
            super(accountingAllocator);
            this.buffer = POOL.directBuffer(size, size);
        }

        @Override
        public long getSize() {
            return buffer.capacity();
        }

        @Override
        protected long memoryAddress() {
            return buffer.memoryAddress();
        }

        @Override
        protected void release0() {
            buffer.release();
        }
    }
}
