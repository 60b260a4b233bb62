package io.mosaicod.server;

import io.grpc.netty.NettyServerBuilder;
import io.mosaicod.transport.ConnectionTuning;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The server's HTTP/2 transport (TLS when configured) with the limits each client is held to (ServerSettings.ClientLimits): how many
 * connections, how many calls on one, how long a connection may stay idle or half-open, how a vanished peer is
 * found. It owns the event loops, which outlive the gRPC server built on them until {@link #close()}.
 */
final class ServerTransport implements AutoCloseable {
    private static final long HANDSHAKE_TIMEOUT_MILLIS = 20_000;
    private static final long KEEPALIVE_MILLIS = 60_000;
    private static final long KEEPALIVE_TIMEOUT_MILLIS = 20_000;

    private final EventLoopGroup acceptor = new NioEventLoopGroup(1, new DefaultThreadFactory("mosaicod-accept", true));
    private final EventLoopGroup connections = new NioEventLoopGroup(0, new DefaultThreadFactory("mosaicod-io", true));
    private final AtomicInteger openConnections = new AtomicInteger();

    /** A gRPC server builder on this transport, its calls run by {@code executor}. */
    NettyServerBuilder builder(ServerSettings settings, Executor executor) {
        ServerSettings.ClientLimits limits = settings.clientLimits();
        long idleMillis = limits.connectionIdleTimeout().toMillis();
        NettyServerBuilder builder = NettyServerBuilder.forAddress(new InetSocketAddress(settings.host(), settings.port()));
        ConnectionTuning.server(builder, settings.wire().tls());
        return builder
                .channelFactory(CappedServerChannel.factory(limits.maxConnections(), openConnections))
                .bossEventLoopGroup(acceptor)
                .workerEventLoopGroup(connections)
                .executor(executor)
                .maxInboundMessageSize(transportMessageLimit(settings.maxDecodeMessageBytes()))
                .maxConcurrentCallsPerConnection(limits.maxStreamsPerConnection())
                // a connection that only sent the HTTP/2 preface, or half a request, has no call: it is idle
                .maxConnectionIdle(idleMillis, TimeUnit.MILLISECONDS)
                .handshakeTimeout(Math.min(idleMillis, HANDSHAKE_TIMEOUT_MILLIS), TimeUnit.MILLISECONDS)
                // a peer that vanished without closing is found by pings while a call is open
                .keepAliveTime(KEEPALIVE_MILLIS, TimeUnit.MILLISECONDS)
                .keepAliveTimeout(KEEPALIVE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * gRPC's hard limit: twice the advertised one, so that DoPut can refuse a message somewhat over the limit
     * with a sentence naming the setting, while a grossly oversized message is still cut off by gRPC.
     */
    private static int transportMessageLimit(int advertised) {
        return (int) Math.min(Integer.MAX_VALUE, 2L * advertised);
    }

    int openConnections() {
        return openConnections.get();
    }

    /** Stops the event loops; call once the gRPC server has terminated. */
    @Override
    public void close() throws InterruptedException {
        acceptor.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
        connections.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
    }
}
