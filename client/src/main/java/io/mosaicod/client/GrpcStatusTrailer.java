package io.mosaicod.client;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.util.Optional;
import org.apache.arrow.flight.ErrorFlightMetadata;

/**
 * Keeps the exact gRPC status code of a failed call. Arrow's Flight client maps gRPC codes onto its own,
 * smaller set (FAILED_PRECONDITION and ABORTED become INVALID_ARGUMENT and INTERNAL), but the protocol's
 * clients match on the gRPC codes; this interceptor copies the code into the trailers, which Flight passes
 * on as error metadata.
 */
final class GrpcStatusTrailer implements ClientInterceptor {
    private static final String KEY_NAME = "x-mosaicod-grpc-status";
    private static final Metadata.Key<String> KEY = Metadata.Key.of(KEY_NAME, Metadata.ASCII_STRING_MARSHALLER);

    @Override
    public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
        return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
            @Override
            public void start(Listener<R> listener, Metadata headers) {
                super.start(new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
                    @Override
                    public void onClose(Status status, Metadata trailers) {
                        if (!status.isOk()) {
                            trailers.put(KEY, status.getCode().name());
                        }
                        super.onClose(status, trailers);
                    }
                }, headers);
            }
        };
    }

    /** The code this interceptor recorded in a Flight error's metadata. */
    static Optional<Status.Code> recorded(ErrorFlightMetadata metadata) {
        if (metadata == null || !metadata.containsKey(KEY_NAME)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Status.Code.valueOf(metadata.get(KEY_NAME)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
