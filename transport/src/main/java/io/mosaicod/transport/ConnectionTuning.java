package io.mosaicod.transport;

import io.grpc.netty.GrpcHttp2ConnectionHandler;
import io.grpc.netty.InternalNettyChannelBuilder;
import io.grpc.netty.InternalProtocolNegotiator;
import io.grpc.netty.InternalProtocolNegotiators;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.ssl.SslContext;
import io.netty.util.AsciiString;
import java.util.Optional;

/**
 * How a connection receives batches of megabytes (a DoGet of an optimized topic, a DoPut of camera frames), where
 * Netty's and gRPC's defaults copied and cut up every byte more than needed
 * (docs/bench-results/2026-12-07-history-reads.md, "Reads with pooled memory and tuned connections"):
 * <ul>
 *   <li>it asks its peer for DATA frames of up to {@value #MAX_FRAME_BYTES} bytes instead of HTTP/2's 16 KiB, so
 *       both sides handle 64 times fewer frames;</li>
 *   <li>a client's socket buffers come from the pool Arrow's buffers come from ({@link PooledArrowMemory});</li>
 *   <li>a client's HTTP/2 decoder keeps what arrives as a composite of the buffers read from the socket: a read
 *       seldom ends on a frame boundary, and Netty's default merged each read into one buffer with the bytes left
 *       over from the last, copying nearly everything once more (15 % of a client's CPU reading mixed-width). Its
 *       peers not being trusted, the server composes only reads that fill most of a buffer of some size
 *       ({@link DenseReadCumulator}).</li>
 * </ul>
 * gRPC has no setting for these; its negotiator hook is the one place that sees the HTTP/2 handler before the
 * connection starts, so this wraps gRPC's own negotiators (an internal API of grpc-netty, which its
 * {@code Internal*} classes expose for such uses). A client's TLS connection keeps gRPC's negotiator and defaults:
 * its TLS negotiator takes settings that only gRPC's builder works out.
 */
public final class ConnectionTuning {
    static final int MAX_FRAME_BYTES = 1 << 20;

    private ConnectionTuning() {
    }

    /** Tunes the plain-text connections {@code builder} makes. */
    public static void plaintextClient(NettyChannelBuilder builder) {
        builder.withOption(ChannelOption.ALLOCATOR, PooledArrowMemory.pool());
        InternalNettyChannelBuilder.setProtocolNegotiatorFactory(builder,
                () -> new Negotiator(InternalProtocolNegotiators.plaintext(),
                        ByteToMessageDecoder.COMPOSITE_CUMULATOR));
    }

    /**
     * Tunes the connections a server accepts, in plain text or with {@code tls}. Their socket buffers stay gRPC's
     * (2 MiB chunks): the server writes DoGet's batches from Arrow memory, and a fleet's uploads held ~70 MB more
     * resident in this pool's larger chunks (128 uploads of 10 MiB batches: 1,114 and 1,034 MB against 1,024 and
     * 980 MB, by the harness).
     */
    public static void server(NettyServerBuilder builder, Optional<SslContext> tls) {
        builder.protocolNegotiator(new Negotiator(tls.map(InternalProtocolNegotiators::serverTls)
                .orElseGet(InternalProtocolNegotiators::serverPlaintext), DenseReadCumulator.INSTANCE));
    }

    /** gRPC's negotiator {@code grpc}, whose connections keep what they receive with {@code cumulator}. */
    private record Negotiator(InternalProtocolNegotiator.ProtocolNegotiator grpc,
                              ByteToMessageDecoder.Cumulator cumulator)
            implements InternalProtocolNegotiator.ProtocolNegotiator {
        @Override
        public AsciiString scheme() {
            return grpc.scheme();
        }

        @Override
        public ChannelHandler newHandler(GrpcHttp2ConnectionHandler grpcHandler) {
            grpcHandler.setCumulator(cumulator);
            return new LargerFrames(grpcHandler, grpc.newHandler(grpcHandler));
        }

        @Override
        public void close() {
            grpc.close();
        }
    }

    /**
     * Sits in front of gRPC's handlers until the peer's bytes arrive with gRPC's HTTP/2 handler in place (after any
     * TLS handshake), by when this side's connection preface and settings have gone out; then announces the larger
     * frame size and leaves the pipeline. The decoder accepts larger frames once the peer acknowledges the
     * settings, and the peer sends none before it has them.
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
