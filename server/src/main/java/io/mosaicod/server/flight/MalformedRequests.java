package io.mosaicod.server.flight;

import io.grpc.Attributes;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.SecurityLevel;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import io.mosaicod.core.ClientText;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.flight.impl.Flight;

/**
 * Refuses request messages that cannot be parsed, and flight descriptors of no known type (which Arrow's
 * service answers with {@code INTERNAL}), with {@code INVALID_ARGUMENT}. gRPC parses a request before
 * any interceptor sees it and answers a parse failure with {@code UNKNOWN "Application error processing RPC"},
 * which tells the client nothing: here each method's request parser records its failure instead of throwing,
 * and the call is ended with the failure's own sentence before the method's handler hears of the message.
 */
public final class MalformedRequests {
    private MalformedRequests() {
    }

    /** {@code service} with every method refusing unparseable requests. */
    public static ServerServiceDefinition refusedIn(ServerServiceDefinition service) {
        List<ServerMethodDefinition<?, ?>> methods = new ArrayList<>();
        ServiceDescriptor.Builder descriptor = ServiceDescriptor.newBuilder(service.getServiceDescriptor().getName())
                .setSchemaDescriptor(service.getServiceDescriptor().getSchemaDescriptor());
        for (ServerMethodDefinition<?, ?> method : service.getMethods()) {
            ServerMethodDefinition<?, ?> guarded = guarded(method);
            methods.add(guarded);
            descriptor.addMethod(guarded.getMethodDescriptor());
        }
        ServerServiceDefinition.Builder guardedService = ServerServiceDefinition.builder(descriptor.build());
        methods.forEach(guardedService::addMethod);
        return guardedService.build();
    }

    private static <Q, R> ServerMethodDefinition<Parsed<Q>, R> guarded(ServerMethodDefinition<Q, R> method) {
        MethodDescriptor<Q, R> original = method.getMethodDescriptor();
        MethodDescriptor<Parsed<Q>, R> descriptor = original.toBuilder(
                new ParsingMarshaller<>(original.getRequestMarshaller()), original.getResponseMarshaller()).build();
        ServerCallHandler<Q, R> handler = method.getServerCallHandler();
        return ServerMethodDefinition.create(descriptor, (call, headers) -> {
            GuardedCall<Q, R> guardedCall = new GuardedCall<>(call, original);
            return new GuardedListener<>(guardedCall, handler.startCall(guardedCall, headers));
        });
    }

    /**
     * The request a guarded method's handler receives for {@code message}, the message as it passes the
     * interceptors around the service; {@code null} for a message that could not be parsed.
     */
    public static Object requestOf(Object message) {
        return message instanceof Parsed<?> parsed ? parsed.message() : message;
    }

    /** A request message, or why it could not be parsed. */
    private record Parsed<Q>(Q message, RuntimeException failure) {
    }

    private record ParsingMarshaller<Q>(MethodDescriptor.Marshaller<Q> parser)
            implements MethodDescriptor.Marshaller<Parsed<Q>> {
        @Override
        public InputStream stream(Parsed<Q> value) {
            return parser.stream(value.message());
        }

        @Override
        public Parsed<Q> parse(InputStream stream) {
            try {
                Q message = parser.parse(stream);
                if (message instanceof Flight.FlightDescriptor descriptor && !known(descriptor.getType())) {
                    return new Parsed<>(null, new IllegalArgumentException(
                            "a flight descriptor is of type CMD or PATH, not " + descriptor.getTypeValue()));
                }
                return new Parsed<>(message, null);
            } catch (RuntimeException e) {
                return new Parsed<>(null, e);
            }
        }

        private static boolean known(Flight.FlightDescriptor.DescriptorType type) {
            return type == Flight.FlightDescriptor.DescriptorType.CMD
                    || type == Flight.FlightDescriptor.DescriptorType.PATH;
        }
    }

    /** Hands parsed messages on; ends the call at the first unparseable one, and hands on nothing after it. */
    private static final class GuardedListener<Q, R> extends ServerCall.Listener<Parsed<Q>> {
        private final GuardedCall<Q, R> call;
        private final ServerCall.Listener<Q> handler;

        GuardedListener(GuardedCall<Q, R> call, ServerCall.Listener<Q> handler) {
            this.call = call;
            this.handler = handler;
        }

        @Override
        public void onMessage(Parsed<Q> parsed) {
            if (call.refused.get()) {
                return;
            }
            if (parsed.failure() == null) {
                handler.onMessage(parsed.message());
                return;
            }
            call.refuse(Status.INVALID_ARGUMENT.withDescription("Malformed request message for "
                    + call.getMethodDescriptor().getBareMethodName() + ": "
                    + ClientText.quote(String.valueOf(parsed.failure() instanceof IllegalArgumentException
                            ? parsed.failure().getMessage() : Status.fromThrowable(parsed.failure()).getDescription()))
                    + "."));
        }

        @Override
        public void onHalfClose() {
            if (!call.refused.get()) {
                handler.onHalfClose();
            }
        }

        @Override
        public void onReady() {
            if (!call.refused.get()) {
                handler.onReady();
            }
        }

        @Override
        public void onCancel() {
            handler.onCancel();
        }

        @Override
        public void onComplete() {
            handler.onComplete();
        }
    }

    /**
     * The call as the method's handler sees it: typed with its own request, and deaf to the handler once the
     * guard ended it (a streaming handler may still answer what it received before).
     */
    private static final class GuardedCall<Q, R> extends ServerCall<Q, R> {
        private final ServerCall<Parsed<Q>, R> call;
        private final MethodDescriptor<Q, R> method;
        private final AtomicBoolean refused = new AtomicBoolean();

        GuardedCall(ServerCall<Parsed<Q>, R> call, MethodDescriptor<Q, R> method) {
            this.call = call;
            this.method = method;
        }

        void refuse(Status status) {
            unlessRefused(() -> {
                refused.set(true);
                call.close(status, new Metadata());
            });
        }

        /** Under the call's lock, as gRPC wants a call's sends serialized. */
        private void unlessRefused(Runnable send) {
            synchronized (call) {
                if (!refused.get()) {
                    send.run();
                }
            }
        }

        @Override
        public void request(int numMessages) {
            call.request(numMessages);
        }

        @Override
        public void sendHeaders(Metadata headers) {
            unlessRefused(() -> call.sendHeaders(headers));
        }

        @Override
        public void sendMessage(R message) {
            unlessRefused(() -> call.sendMessage(message));
        }

        @Override
        public void close(Status status, Metadata trailers) {
            unlessRefused(() -> call.close(status, trailers));
        }

        @Override
        public boolean isReady() {
            return call.isReady();
        }

        @Override
        public boolean isCancelled() {
            return call.isCancelled();
        }

        @Override
        public void setMessageCompression(boolean enabled) {
            call.setMessageCompression(enabled);
        }

        @Override
        public void setCompression(String compressor) {
            call.setCompression(compressor);
        }

        @Override
        public void setOnReadyThreshold(int numBytes) {
            call.setOnReadyThreshold(numBytes);
        }

        @Override
        public Attributes getAttributes() {
            return call.getAttributes();
        }

        @Override
        public String getAuthority() {
            return call.getAuthority();
        }

        @Override
        public SecurityLevel getSecurityLevel() {
            return call.getSecurityLevel();
        }

        @Override
        public MethodDescriptor<Q, R> getMethodDescriptor() {
            return method;
        }
    }
}
