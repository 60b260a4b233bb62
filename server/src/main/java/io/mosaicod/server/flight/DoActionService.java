package io.mosaicod.server.flight;

import com.google.protobuf.ByteString;
import io.grpc.ServerMethodDefinition;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.ServerCalls;
import io.mosaicod.core.ClientText;
import io.mosaicod.server.catalog.ActionDispatcher;
import io.mosaicod.server.protocol.ErrorStatus;
import io.mosaicod.server.read.StreamReset;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's own DoAction method, bound in place of Arrow's so that an action answering with many Results (the
 * clusters of {@code topic_filter_clusterize} and {@code topic_filter_intersect}) waits for its client: Arrow's
 * hands every Result to gRPC at once, whatever the client reads, so a client that read nothing had every cluster of
 * a topic queued in the server's memory for as long as it kept the connection. A Result is sent only while gRPC is
 * ready for it; a client that reads nothing for the read stall timeout has its call reset, as a stalled DoGet has.
 */
public final class DoActionService {
    private static final Logger LOG = LoggerFactory.getLogger(DoActionService.class);
    /**
     * How often a waiting answer looks at its client again: gRPC tells a call it became ready through a callback
     * that waits for the call's own thread, which is the one waiting.
     */
    private static final long READY_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    private final ActionDispatcher actions;
    private final Duration stallTimeout;

    public DoActionService(ActionDispatcher actions, Duration stallTimeout) {
        this.actions = actions;
        this.stallTimeout = stallTimeout;
    }

    public ServerMethodDefinition<Flight.Action, Flight.Result> definition() {
        return ServerMethodDefinition.create(FlightServiceGrpc.getDoActionMethod(), ServerCalls.asyncServerStreamingCall(
                (action, observer) -> answer(action, (ServerCallStreamObserver<Flight.Result>) observer)));
    }

    private void answer(Flight.Action action, ServerCallStreamObserver<Flight.Result> call) {
        Runnable reset = StreamReset.ofCurrentCall();
        try {
            actions.dispatch(action.getType(), action.getBody().toByteArray(), reply -> {
                awaitReady(call);
                call.onNext(Flight.Result.newBuilder().setBody(ByteString.copyFrom(reply)).build());
            });
        } catch (ClientGone e) {
            if (e.stalled) {
                LOG.info("cancelled action {}: its client read nothing for {} s", ClientText.quote(action.getType()),
                        stallTimeout.toSeconds());
                call.onError(Status.DEADLINE_EXCEEDED.withDescription("The server cancelled action `"
                        + ClientText.quote(action.getType()) + "`: the client read nothing for "
                        + stallTimeout.toSeconds() + " s (MOSAICOD_READ_STALL_TIMEOUT).").asRuntimeException());
                reset.run(); // its status would wait behind what gRPC queued for a client that reads nothing
            }
            return;
        } catch (Throwable e) {
            call.onError(ErrorStatus.asException(e));
            return;
        }
        call.onCompleted();
    }

    private void awaitReady(ServerCallStreamObserver<Flight.Result> call) {
        long since = System.nanoTime();
        while (!call.isReady()) {
            if (call.isCancelled()) {
                throw new ClientGone(false);
            }
            if (System.nanoTime() - since >= stallTimeout.toNanos()) {
                throw new ClientGone(true);
            }
            LockSupport.parkNanos(READY_POLL_NANOS);
        }
    }

    /** Ends an answer whose client cancelled it or stopped reading. */
    private static final class ClientGone extends RuntimeException {
        private final boolean stalled;

        ClientGone(boolean stalled) {
            super(null, null, false, false);
            this.stalled = stalled;
        }
    }
}
