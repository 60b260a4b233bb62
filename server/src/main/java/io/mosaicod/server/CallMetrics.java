package io.mosaicod.server;

import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.mosaicod.server.flight.MalformedRequests;
import io.mosaicod.server.metrics.ServerMetrics;
import io.mosaicod.server.protocol.ActionName;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.flight.impl.Flight;

/**
 * Reports every call to {@link ServerMetrics} once, when it ends: its method, for {@code DoAction} the action,
 * its status code and how long it ran. It sits outside the drain, so it also sees the calls the drain refuses.
 * Action names come from clients: any the server does not answer is reported as one
 * {@value ServerMetrics#UNKNOWN_ACTION}, which keeps the number of series bounded.
 */
final class CallMetrics implements ServerInterceptor {
    private static final String DO_ACTION = "DoAction";

    private final ServerMetrics metrics;

    CallMetrics(ServerMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                       ServerCallHandler<Q, R> next) {
        CallRecord record = new CallRecord(call.getMethodDescriptor().getBareMethodName());
        ServerCall<Q, R> observed = new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
            @Override
            public void close(Status status, Metadata trailers) {
                record.ended(status.getCode());
                super.close(status, trailers);
            }
        };
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(next.startCall(observed, headers)) {
            @Override
            public void onMessage(Q message) {
                record.heard(message);
                super.onMessage(message);
            }

            @Override
            public void onCancel() {
                record.ended(Status.Code.CANCELLED);
                super.onCancel();
            }
        };
    }

    /** One call: ends once, whether the server closes it or the client cancels it. */
    private final class CallRecord {
        private final long startedNanos = System.nanoTime();
        private final String method;
        private final AtomicBoolean ended = new AtomicBoolean();
        private volatile String action;

        CallRecord(String method) {
            this.method = method;
            this.action = DO_ACTION.equals(method) ? ServerMetrics.UNKNOWN_ACTION : ServerMetrics.NO_ACTION;
        }

        /** A DoAction carries one message, the action: its type names it. */
        void heard(Object message) {
            if (MalformedRequests.requestOf(message) instanceof Flight.Action request) {
                action = ActionName.fromWireName(request.getType()).map(ActionName::wireName)
                        .orElse(ServerMetrics.UNKNOWN_ACTION);
            }
        }

        void ended(Status.Code code) {
            if (ended.compareAndSet(false, true)) {
                metrics.callEnded(method, action, code.name(), System.nanoTime() - startedNanos);
            }
        }
    }
}
