package io.mosaicod.client;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;

/** Sends the client's API key with every call. */
final class ApiKeyHeader implements ClientInterceptor {
    private static final Metadata.Key<String> TOKEN =
            Metadata.Key.of("mosaico-api-key-token", Metadata.ASCII_STRING_MARSHALLER);

    private final ApiKey key;

    ApiKeyHeader(ApiKey key) {
        this.key = key;
    }

    @Override
    public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
        return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
            @Override
            public void start(Listener<R> listener, Metadata headers) {
                headers.put(TOKEN, key.token());
                super.start(listener, headers);
            }
        };
    }
}
