package io.mosaicod.client;

import io.grpc.netty.GrpcHttp2ConnectionHandler;
import io.grpc.netty.InternalNettyChannelBuilder;
import io.grpc.netty.InternalProtocolNegotiator;
import io.grpc.netty.InternalProtocolNegotiators;
import io.grpc.netty.NettyChannelBuilder;
import io.mosaicod.core.memory.PooledArrowMemory;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.util.AsciiString;

/**
 * How a plain-text connection receives a large read (a DoGet of gigabytes), where Netty's and gRPC's defaults
 * copied and cut up every byte more than needed (docs/benchmarks.md, "Reads"):
 * <ul>
 *   <li>its HTTP/2 decoder keeps what arrives as a composite of the buffers read from the socket: a read seldom
 *       ends on a frame boundary, and Netty's default merged each read into one buffer with the bytes left over
 *       from the last, copying nearly everything once more (15 % of a client's CPU reading mixed-width);</li>
 *   <li>it asks the server for DATA frames of up to {@value #MAX_FRAME_BYTES} bytes instead of HTTP/2's 16 KiB, so
 *       both sides handle 64 times fewer frames;</li>
 *   <li>its socket buffers come from the pool Arrow's buffers come from ({@link PooledArrowMemory}).</li>
 * </ul>
 * gRPC has no setting for the first two; its negotiator hook is the one place that sees the HTTP/2 handler before
 * the connection starts. A TLS connection keeps gRPC's own negotiator and its defaults.
 */
final class ReceiveTuning {
    static final int MAX_FRAME_BYTES = 1 << 20;

    private ReceiveTuning() {
    }

    /** Applies the tuning to the plain-text connections of {@code builder}. */
    static void plaintext(NettyChannelBuilder builder) {
        builder.withOption(ChannelOption.ALLOCATOR, PooledArrowMemory.pool());
        InternalNettyChannelBuilder.setProtocolNegotiatorFactory(builder,
                () -> new Negotiator(InternalProtocolNegotiators.plaintext()));
    }

    private record Negotiator(InternalProtocolNegotiator.ProtocolNegotiator plain)
            implements InternalProtocolNegotiator.ProtocolNegotiator {
        @Override
        public AsciiString scheme() {
            return plain.scheme();
        }

        @Override
        public ChannelHandler newHandler(GrpcHttp2ConnectionHandler grpcHandler) {
            grpcHandler.setCumulator(ByteToMessageDecoder.COMPOSITE_CUMULATOR);
            return new LargerFrames(grpcHandler, plain.newHandler(grpcHandler));
        }

        @Override
        public void close() {
            plain.close();
        }
    }

    /**
     * Sits in front of gRPC's handlers until the server's first bytes arrive, by when the connection preface and
     * gRPC's own settings have gone out; then announces the larger frame size (the decoder accepts larger frames
     * once the server acknowledges it, and the server sends none before) and leaves the pipeline.
     */
    private static final class LargerFrames extends ChannelInboundHandlerAdapter {
        private final GrpcHttp2ConnectionHandler grpcHandler;
        private final ChannelHandler negotiation;

        LargerFrames(GrpcHttp2ConnectionHandler grpcHandler, ChannelHandler negotiation) {
            this.grpcHandler = grpcHandler;
            this.negotiation = negotiation;
        }

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            ctx.pipeline().addAfter(ctx.name(), null, negotiation);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ChannelHandlerContext grpc = ctx.pipeline().context(grpcHandler);
            if (grpc != null) {
                grpcHandler.encoder().writeSettings(grpc, new Http2Settings().maxFrameSize(MAX_FRAME_BYTES),
                        grpc.newPromise());
                grpc.flush();
                ctx.pipeline().remove(this);
            }
            ctx.fireChannelRead(msg);
        }
    }
}
