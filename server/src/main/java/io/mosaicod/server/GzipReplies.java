package io.mosaicod.server;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

/**
 * Compresses what the server sends with gzip ({@code MOSAICOD_GZIP_ENABLED}): for robots on slow links, at the
 * cost of the server's CPU. Clients may send gzip whether or not it is on: gRPC's default registry decompresses it.
 */
final class GzipReplies implements ServerInterceptor {
    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                      ServerCallHandler<Q, R> next) {
        call.setCompression("gzip");
        return next.startCall(call, headers);
    }
}
