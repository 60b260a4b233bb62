package io.mosaicod.client;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.MethodDescriptor;

/** Compresses every message the client sends with gzip, which the server always accepts. */
final class GzipRequests implements ClientInterceptor {
    @Override
    public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
        return next.newCall(method, options.withCompression("gzip"));
    }
}
