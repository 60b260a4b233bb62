package io.mosaicod.server.flight;

import com.google.protobuf.MessageLite;
import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

/**
 * No reply message larger than the limit the server advertises ({@code max_grpc_encode_message_size} in
 * {@code info}): a client that caps its inbound messages there would otherwise fail in its own library with a
 * message that blames it. A reply over the limit (a sequence's GetFlightInfo listing many topics with large user
 * metadata, say) ends the call with {@code RESOURCE_EXHAUSTED} and a sentence saying what to ask for instead.
 * Checks the protobuf replies (GetFlightInfo, ListFlights, GetSchema); the actions check their own, and DoGet sizes
 * its batches itself.
 */
public final class ReplySizeLimit implements ServerInterceptor {
    private final long maxReplyBytes;

    public ReplySizeLimit(long maxReplyBytes) {
        this.maxReplyBytes = maxReplyBytes;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                      ServerCallHandler<Q, R> next) {
        return next.startCall(new LimitedCall<>(call), headers);
    }

    private final class LimitedCall<Q, R> extends ForwardingServerCall.SimpleForwardingServerCall<Q, R> {
        /** Once refused, the handler's further replies and its own close go nowhere. */
        private boolean refused;

        LimitedCall(ServerCall<Q, R> call) {
            super(call);
        }

        @Override
        public void sendMessage(R message) {
            if (refused) {
                return;
            }
            if (message instanceof MessageLite reply && reply.getSerializedSize() > maxReplyBytes) {
                refused = true;
                super.close(Status.RESOURCE_EXHAUSTED.withDescription(sentence(reply.getSerializedSize())),
                        new Metadata());
                return;
            }
            super.sendMessage(message);
        }

        @Override
        public void close(Status status, Metadata trailers) {
            if (!refused) {
                super.close(status, trailers);
            }
        }

        private String sentence(long bytes) {
            String method = getMethodDescriptor().getBareMethodName();
            String instead = switch (method == null ? "" : method) {
                case "GetFlightInfo" -> "ask for a sequence's topics one at a time (GetFlightInfo of each "
                        + "`<sequence>/<topic>`; a `query` on the sequence's name lists them), or keep less user "
                        + "metadata per topic";
                case "GetSchema" -> "keep less metadata in the topic's schema";
                default -> "ask for less at once";
            };
            return "The reply to " + method + " would be " + bytes + " bytes, over the server's message limit of "
                    + maxReplyBytes + " bytes (max_grpc_encode_message_size): " + instead + ".";
        }
    }
}
