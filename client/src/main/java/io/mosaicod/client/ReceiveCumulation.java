package io.mosaicod.client;

import io.grpc.netty.GrpcHttp2ConnectionHandler;
import io.grpc.netty.InternalNettyChannelBuilder;
import io.grpc.netty.InternalProtocolNegotiator;
import io.grpc.netty.InternalProtocolNegotiators;
import io.grpc.netty.NettyChannelBuilder;
import io.netty.channel.ChannelHandler;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.AsciiString;

/**
 * Has the connection's HTTP/2 decoder keep what it receives as a composite of the buffers read from the socket
 * instead of merging them. A socket read seldom ends on an HTTP/2 frame boundary, so with Netty's default each
 * read's bytes were copied once more into a merged buffer before the frames were cut from it: 15 % of a client's
 * CPU reading a 3 GB topic (docs/benchmarks.md, "Reads"). gRPC offers no setting for it; its negotiator hook is the
 * one place that sees the decoder before the connection starts. Plain-text connections only: a TLS connection
 * keeps gRPC's own negotiator.
 */
final class ReceiveCumulation {
    private ReceiveCumulation() {
    }

    /** Plain-text connections of {@code builder}, composing what they receive. */
    static void composingPlaintext(NettyChannelBuilder builder) {
        InternalNettyChannelBuilder.setProtocolNegotiatorFactory(builder,
                () -> new Composing(InternalProtocolNegotiators.plaintext()));
    }

    private record Composing(InternalProtocolNegotiator.ProtocolNegotiator plain)
            implements InternalProtocolNegotiator.ProtocolNegotiator {
        @Override
        public AsciiString scheme() {
            return plain.scheme();
        }

        @Override
        public ChannelHandler newHandler(GrpcHttp2ConnectionHandler grpcHandler) {
            grpcHandler.setCumulator(ByteToMessageDecoder.COMPOSITE_CUMULATOR);
            return plain.newHandler(grpcHandler);
        }

        @Override
        public void close() {
            plain.close();
        }
    }
}
