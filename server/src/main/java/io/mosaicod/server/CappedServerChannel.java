package io.mosaicod.server;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listening socket, closing each connection that arrives while {@code maxConnections} are open: gRPC
 * bounds the calls of one connection, not how many connections a client opens, and each holds buffers and a
 * place in the event loops. A refused client sees its connection closed ({@code UNAVAILABLE}) and may retry.
 */
final class CappedServerChannel extends NioServerSocketChannel {
    private static final Logger LOG = LoggerFactory.getLogger(CappedServerChannel.class);

    private final int maxConnections;
    private final AtomicInteger open;

    private CappedServerChannel(int maxConnections, AtomicInteger open) {
        this.maxConnections = maxConnections;
        this.open = open;
    }

    /** Listening sockets that share one count of open connections (read it with {@code open}). */
    static ChannelFactory<CappedServerChannel> factory(int maxConnections, AtomicInteger open) {
        return () -> new CappedServerChannel(maxConnections, open);
    }

    @Override
    protected int doReadMessages(List<Object> accepted) throws Exception {
        int count = super.doReadMessages(accepted);
        if (count == 0) {
            return 0;
        }
        Channel connection = (Channel) accepted.get(accepted.size() - 1);
        if (open.incrementAndGet() > maxConnections) {
            open.decrementAndGet();
            accepted.remove(accepted.size() - 1);
            LOG.warn("closed a connection from {}: {} connections are open (MOSAICOD_MAX_CONNECTIONS)",
                    connection.remoteAddress(), maxConnections);
            connection.unsafe().closeForcibly();
            return 0;
        }
        connection.closeFuture().addListener(closed -> open.decrementAndGet());
        return count;
    }
}
