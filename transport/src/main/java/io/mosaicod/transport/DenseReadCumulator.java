package io.mosaicod.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.handler.codec.ByteToMessageDecoder;

/**
 * How the server's HTTP/2 decoder keeps the bytes read from a socket until they make whole frames. Netty's default
 * merges each read into one buffer with the bytes left over from the last: nearly every byte of an upload copied
 * once more, and since gRPC keeps slices of a frame's buffer until its message is whole, each merge went into a
 * buffer of its own (30 % of the server's CPU receiving one upload of 10 MiB batches, half of it faulting in those
 * buffers' pages). A read that fills most of a buffer of some size, and would not fit in place, is instead kept as
 * it is, as one more component of a composite; a small read is still merged (with a composite, into one buffer with
 * room to grow). A peer trickling a frame a few bytes per packet thus costs what it did, not a buffer and its unused
 * capacity per packet: what a composite holds is at least half data, in pieces of at least
 * {@value #DENSE_READ_BYTES} bytes.
 */
final class DenseReadCumulator implements ByteToMessageDecoder.Cumulator {
    static final DenseReadCumulator INSTANCE = new DenseReadCumulator();

    /** Reads smaller than this are merged (a socket read takes up to 64 KiB by Netty's default). */
    static final int DENSE_READ_BYTES = 4096;

    private DenseReadCumulator() {
    }

    @Override
    public ByteBuf cumulate(ByteBufAllocator alloc, ByteBuf cumulation, ByteBuf in) {
        if (isDense(in) && !fitsInPlace(cumulation, in)) {
            return ByteToMessageDecoder.COMPOSITE_CUMULATOR.cumulate(alloc, cumulation, in);
        }
        if (cumulation instanceof CompositeByteBuf) {
            return mergeIntoOne(alloc, cumulation, in);
        }
        return ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(alloc, cumulation, in);
    }

    /**
     * Whether merging {@code in} appends it to {@code cumulation} where it lies. A composite is merged into one
     * buffer with room to grow ({@link #mergeIntoOne}); reads that fit are then appended there, whatever their
     * size, and only one that does not starts a composite again. Without that, a peer alternating large and tiny
     * reads would have every tiny one copy the whole frame received so far.
     */
    private static boolean fitsInPlace(ByteBuf cumulation, ByteBuf in) {
        return !(cumulation instanceof CompositeByteBuf) && cumulation.refCnt() == 1
                && in.readableBytes() <= cumulation.maxFastWritableBytes();
    }

    /**
     * Copies the composite {@code cumulation} and {@code in} into one buffer of the capacity Netty's merging grows
     * to (doubling up to 4 MiB), releasing both. Netty's own merging would instead grow the composite by a component
     * as large as all it holds, allocated anew at every small read.
     */
    private static ByteBuf mergeIntoOne(ByteBufAllocator alloc, ByteBuf cumulation, ByteBuf in) {
        try {
            int bytes = cumulation.readableBytes() + in.readableBytes();
            ByteBuf merged = alloc.buffer(alloc.calculateNewCapacity(bytes, Integer.MAX_VALUE));
            ByteBuf release = merged;
            try {
                merged.writeBytes(cumulation).writeBytes(in);
                release = cumulation;
                return merged;
            } finally {
                release.release();
            }
        } finally {
            in.release();
        }
    }

    static boolean isDense(ByteBuf read) {
        int bytes = read.readableBytes();
        return bytes >= DENSE_READ_BYTES && 2L * bytes >= read.capacity();
    }
}
