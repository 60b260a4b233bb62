package io.mosaicod.client;

import com.google.protobuf.ByteString;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.Metadata;
import io.grpc.Status;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;

/**
 * One DoAction call whose Results go to a consumer as they arrive, on the connection's own thread. Flight's
 * blocking iterator asks for one Result at a time and passes each through two more threads; for an action that
 * answers with thousands of small Results (the clusters of a long topic) those hand-offs cost more than the
 * Results themselves. Here every Result is asked for at once: the caller keeps them all anyway.
 */
final class ActionCall {
    /** Runs the call's callbacks on the thread that received the Result. */
    private static final Executor ON_ARRIVAL = Runnable::run;

    private ActionCall() {
    }

    /**
     * Sends the action and hands each Result's body to {@code results}, in order, until the server ends the call.
     * A failure of {@code results} cancels the call and is rethrown here.
     *
     * @throws io.grpc.StatusRuntimeException when the server refuses the action or the call fails
     */
    static void run(Channel channel, String type, byte[] body, Consumer<ByteString> results) {
        ClientCall<Flight.Action, Flight.Result> call = channel.newCall(FlightServiceGrpc.getDoActionMethod(),
                CallOptions.DEFAULT.withExecutor(ON_ARRIVAL));
        CompletableFuture<Void> ended = new CompletableFuture<>();
        call.start(new ClientCall.Listener<>() {
            private RuntimeException rejected;

            @Override
            public void onMessage(Flight.Result result) {
                if (rejected != null) {
                    return;
                }
                try {
                    results.accept(result.getBody());
                } catch (RuntimeException e) {
                    rejected = e;
                    call.cancel("the client could not take a Result", e);
                }
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                if (rejected != null) {
                    ended.completeExceptionally(rejected);
                } else if (status.isOk()) {
                    ended.complete(null);
                } else {
                    ended.completeExceptionally(status.asRuntimeException(trailers));
                }
            }
        }, new Metadata());
        call.sendMessage(Flight.Action.newBuilder().setType(type).setBody(ByteString.copyFrom(body)).build());
        call.halfClose();
        call.request(Integer.MAX_VALUE);
        awaitEnd(call, ended);
    }

    private static void awaitEnd(ClientCall<?, ?> call, CompletableFuture<Void> ended) {
        try {
            ended.get();
        } catch (InterruptedException e) {
            call.cancel("the client's thread was interrupted", e);
            Thread.currentThread().interrupt();
            throw Status.CANCELLED.withDescription("interrupted while waiting for the action's Results")
                    .withCause(e).asRuntimeException();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
