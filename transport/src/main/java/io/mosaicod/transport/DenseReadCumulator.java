package io.mosaicod.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.ByteToMessageDecoder;

/**
 * How the server's HTTP/2 decoder keeps the bytes read from a socket until they make whole frames. Netty's default
 * merges each read into one buffer with the bytes left over from the last: nearly every byte of an upload copied
 * once more, and since gRPC keeps slices of a frame's buffer until its message is whole, each merge went into a
 * buffer of its own (30 % of the server's CPU receiving one upload of 10 MiB batches, half of it faulting in those
 * buffers' pages). A read that fills most of a buffer of some size is instead kept as it is, as one more component
 * of a composite; a small read is still merged (with a composite, into one buffer). A peer trickling a frame a few
 * bytes per packet thus costs what it did, not a buffer and its unused capacity per packet: what a composite holds is
 * at least half data, in pieces of at least {@value #DENSE_READ_BYTES} bytes.
 */
final class DenseReadCumulator implements ByteToMessageDecoder.Cumulator {
    static final DenseReadCumulator INSTANCE = new DenseReadCumulator();

    /** Reads at least this large are composed (a socket read takes up to 64 KiB by Netty's default). */
    static final int DENSE_READ_BYTES = 4096;

    private DenseReadCumulator() {
    }

    @Override
    public ByteBuf cumulate(ByteBufAllocator alloc, ByteBuf cumulation, ByteBuf in) {
        return isDense(in)
                ? ByteToMessageDecoder.COMPOSITE_CUMULATOR.cumulate(alloc, cumulation, in)
                : ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(alloc, cumulation, in);
    }

    static boolean isDense(ByteBuf read) {
        int bytes = read.readableBytes();
        return bytes >= DENSE_READ_BYTES && 2L * bytes >= read.capacity();
    }
}
