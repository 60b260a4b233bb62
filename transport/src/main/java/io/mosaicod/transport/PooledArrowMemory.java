package io.mosaicod.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.NettyRuntime;
import io.netty.util.internal.PlatformDependent;
import java.util.ArrayDeque;
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
 * read of the flat benchmark topic (docs/bench-results/2026-12-07-history-reads.md, "Reads with pooled memory and
 * tuned connections"). A buffer of 8–16 MiB still takes a chunk of its own; the server's messages aim at 3 MiB.
 *
 * <p>Netty gives such a chunk back to the system as soon as its one buffer is freed; an upload of 10 MiB batches
 * thus had every batch's body faulted in anew, 15 % of the server's CPU
 * (docs/bench-results/2026-12-07-history-fleet.md, "Kept blocks"). Buffers of a whole chunk are kept when freed, up to
 * {@value #KEPT_BYTES_MAX} bytes in all, for the next one.
 *
 * <p>Its own pool, not a JVM-wide setting ({@code io.netty.allocator.maxOrder}), so that the store optimizer, whose
 * memory has a cap, keeps Arrow's default pool, and a program that embeds the client keeps its own settings.
 */
public final class PooledArrowMemory {
    /** 8 KiB pages, 2^11 of them to a chunk. */
    private static final int MAX_ORDER = 11;
    private static final long CHUNK_BYTES = (long) PooledByteBufAllocator.defaultPageSize() << MAX_ORDER;
    private static final PooledByteBufAllocator POOL = new PooledByteBufAllocator(true, 0, arenas(),
            PooledByteBufAllocator.defaultPageSize(), MAX_ORDER, PooledByteBufAllocator.defaultSmallCacheSize(),
            PooledByteBufAllocator.defaultNormalCacheSize(), PooledByteBufAllocator.defaultUseCacheForAllThreads());
    /** What the freed buffers of a chunk of their own may hold in all, kept for reuse. */
    static final long KEPT_BYTES_MAX = 64L << 20;
    /** Freed buffers of a whole chunk's size, at most {@link #KEPT_BYTES_MAX} of them; guarded by itself. */
    private static final ArrayDeque<ByteBuf> KEPT = new ArrayDeque<>();
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

    /** The pool itself, for a client connection's network buffers and the server's messages. */
    public static ByteBufAllocator pool() {
        return POOL;
    }

    /**
     * As many arenas as Netty gives its default pool, two per core, but no more than a sixth of the direct memory
     * the JVM allows in chunks of this pool's size (Netty's own rule, which it applies to its 4 MiB chunks): each
     * arena may hold a chunk partly used.
     */
    private static int arenas() {
        long chunksAllowed = PlatformDependent.maxDirectMemory() / CHUNK_BYTES / 6;
        return (int) Math.max(1, Math.min(2L * NettyRuntime.availableProcessors(), chunksAllowed));
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
        /** Kept apart from the buffer: Arrow asks for the size again after the buffer went back to the pool. */
        private final long size;

        PooledBlock(BufferAllocator accountingAllocator, int size) {
            super(accountingAllocator);
            ByteBuf kept = takeKept(size);
            this.buffer = kept != null ? kept : POOL.directBuffer(size, size);
            this.size = size;
        }

        @Override
        public long getSize() {
            return size;
        }

        @Override
        protected long memoryAddress() {
            return buffer.memoryAddress();
        }

        @Override
        protected void release0() {
            if (!keep(buffer, size)) {
                buffer.release();
            }
        }
    }

    /**
     * Whether a buffer is of the one size kept: a whole chunk. Arrow rounds what is asked below its own 16 MiB chunk
     * size up to a power of two, so every buffer that takes a chunk of its own is this size; larger ones are asked at
     * any size and could sit in the cap unused.
     */
    private static boolean keptSize(long size) {
        return size == CHUNK_BYTES;
    }

    private static ByteBuf takeKept(long size) {
        if (!keptSize(size)) {
            return null;
        }
        synchronized (KEPT) {
            return KEPT.poll();
        }
    }

    private static boolean keep(ByteBuf buffer, long size) {
        if (!keptSize(size)) {
            return false;
        }
        synchronized (KEPT) {
            if ((KEPT.size() + 1) * CHUNK_BYTES > KEPT_BYTES_MAX) {
                return false;
            }
            KEPT.push(buffer);
            return true;
        }
    }

    /** Gives every kept buffer back to the pool: for tests that count the pool's allocations. */
    static void dropKept() {
        synchronized (KEPT) {
            KEPT.forEach(ByteBuf::release);
            KEPT.clear();
        }
    }

    /** Bytes of freed buffers kept for reuse now. */
    static long keptBytes() {
        synchronized (KEPT) {
            return KEPT.size() * CHUNK_BYTES;
        }
    }
}
