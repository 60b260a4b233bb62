package io.mosaicod.server.read;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.internal.ServerStream;
import java.lang.reflect.Field;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets the server reset a call's HTTP/2 stream. Ending a call with a status queues its trailers behind the
 * messages gRPC already queued for the client, and a client that never reads never lets them out: the call
 * keeps its queued messages for as long as the client keeps the connection. A reset drops them at once.
 *
 * <p>grpc-java's calls have no public reset (its transport stream has, and resets on deadlines), so this
 * interceptor, installed on the server itself to see gRPC's own call object, takes the call's transport stream
 * and hands it to the code that serves the call ({@link #ofCurrentCall()}). Should a gRPC upgrade move the
 * stream, resets are logged as unavailable once and do nothing (ClientLimitsTest then fails).
 */
public final class StreamReset implements ServerInterceptor {
    private static final Logger LOG = LoggerFactory.getLogger(StreamReset.class);
    private static final Context.Key<ServerStream> STREAM = Context.key("mosaicod-stream");
    private static final ClassValue<Optional<Field>> STREAM_FIELD = new ClassValue<>() {
        @Override
        protected Optional<Field> computeValue(Class<?> callClass) {
            try {
                Field field = callClass.getDeclaredField("stream");
                if (!ServerStream.class.isAssignableFrom(field.getType())) {
                    throw new NoSuchFieldException("stream is a " + field.getType());
                }
                field.setAccessible(true);
                return Optional.of(field);
            } catch (ReflectiveOperationException | RuntimeException e) {
                LOG.warn("stalled DoGet streams cannot be reset with this gRPC ({} has no transport stream: {});"
                        + " what gRPC queued for them stays until their clients disconnect", callClass.getName(),
                        e.toString());
                return Optional.empty();
            }
        }
    };

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                       ServerCallHandler<Q, R> next) {
        Optional<ServerStream> stream = streamOf(call);
        if (stream.isEmpty()) {
            return next.startCall(call, headers);
        }
        return Contexts.interceptCall(Context.current().withValue(STREAM, stream.get()), call, headers, next);
    }

    private static Optional<ServerStream> streamOf(ServerCall<?, ?> call) {
        return STREAM_FIELD.get(call.getClass()).map(field -> {
            try {
                return (ServerStream) field.get(call);
            } catch (IllegalAccessException e) {
                return null;
            }
        });
    }

    /**
     * The reset of the call served on this thread; it does nothing once the call has ended, or outside a
     * server carrying this interceptor.
     */
    public static Runnable ofCurrentCall() {
        ServerStream stream = STREAM.get();
        if (stream == null) {
            return () -> { };
        }
        return () -> stream.cancel(Status.CANCELLED.withDescription("reset by the server"));
    }
}
