package io.mosaicod.server.ingest;

import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.ServerStreamTracer;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How many messages of one DoPut stream have begun to arrive. gRPC reads a message's header as soon as the stream
 * asked for it and its first bytes are in, long before the last byte of a large batch on a slow link; so the
 * {@link ReceiveBudget} can tell a client that is sending its batch (its reservation is in use) from one that
 * sends nothing (its reservation may lapse). gRPC reports headers to a stream tracer, which hands itself to the
 * call through the call's {@link Context}.
 */
final class MessageStarts extends ServerStreamTracer {
    private static final Context.Key<MessageStarts> KEY = Context.key("mosaicod-doput-message-starts");
    /** What every other method's streams get: no counting. */
    private static final ServerStreamTracer NONE = new ServerStreamTracer() {
    };

    private final AtomicLong started = new AtomicLong();

    /** Counts the messages of the streams of {@code doPutMethod} (a full method name), and only those. */
    static ServerStreamTracer.Factory factory(String doPutMethod) {
        return new ServerStreamTracer.Factory() {
            @Override
            public ServerStreamTracer newServerStreamTracer(String fullMethodName, Metadata headers) {
                return fullMethodName.equals(doPutMethod) ? new MessageStarts() : NONE;
            }
        };
    }

    /**
     * The counter of the call being started.
     *
     * @throws IllegalStateException if the server was built without {@link #factory}: the budget would take every
     *                               stream for idle
     */
    static MessageStarts ofCurrentCall() {
        MessageStarts starts = KEY.get();
        if (starts == null) {
            throw new IllegalStateException("DoPut runs without its stream tracer (DoPutService.streamTracerFactory)");
        }
        return starts;
    }

    @Override
    public Context filterContext(Context context) {
        return context.withValue(KEY, this);
    }

    @Override
    public void inboundMessage(int seqNo) {
        started.incrementAndGet(); // on the transport's thread, when the message's header was read
    }

    long started() {
        return started.get();
    }
}
