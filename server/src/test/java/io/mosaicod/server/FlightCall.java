package io.mosaicod.server;

import com.google.protobuf.ByteString;
import io.grpc.Channel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import io.mosaicod.server.protocol.ActionName;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;

/**
 * One call of each kind the Flight port serves, made with raw gRPC stubs so that its exact status is seen (Arrow's
 * Flight client folds some codes): the read methods, DoPut, ListActions, PollFlightInfo, and DoAction with every
 * action the server knows and one it does not. Requests are minimal (an empty body, a stream with no message):
 * whatever the server makes of them, the call has passed any gate in front of it unless it is refused as such.
 *
 * @param name  the method, or {@code DoAction <action>}
 * @param reach makes the call on a channel, returns how it ended
 */
record FlightCall(String name, Function<Channel, Status> reach) {
    /** An action no server knows. */
    static final String UNKNOWN_ACTION = "frobnicate";

    @Override
    public String toString() {
        return name;
    }

    /** Every call, DoAction once per action. */
    static List<FlightCall> all() {
        List<FlightCall> calls = new ArrayList<>(List.of(
                new FlightCall("ListFlights", channel -> status(() -> FlightServiceGrpc.newBlockingStub(channel)
                        .listFlights(Flight.Criteria.getDefaultInstance()).forEachRemaining(info -> { }))),
                new FlightCall("GetFlightInfo", channel -> status(() -> FlightServiceGrpc.newBlockingStub(channel)
                        .getFlightInfo(cmd("{}")))),
                new FlightCall("GetSchema", channel -> status(() -> FlightServiceGrpc.newBlockingStub(channel)
                        .getSchema(cmd("{}")))),
                new FlightCall("DoGet", channel -> status(() -> FlightServiceGrpc.newBlockingStub(channel)
                        .doGet(Flight.Ticket.newBuilder().setTicket(utf8("{}")).build()).forEachRemaining(data -> { }))),
                new FlightCall("DoPut", FlightCall::emptyDoPut),
                new FlightCall("ListActions", channel -> status(() -> FlightServiceGrpc.newBlockingStub(channel)
                        .listActions(Flight.Empty.getDefaultInstance()).forEachRemaining(type -> { }))),
                new FlightCall("PollFlightInfo", channel -> status(() -> FlightServiceGrpc.newBlockingStub(channel)
                        .pollFlightInfo(cmd("{}"))))));
        for (ActionName action : ActionName.values()) {
            calls.add(action(action.wireName()));
        }
        calls.add(action(UNKNOWN_ACTION));
        return calls;
    }

    static FlightCall action(String type) {
        return new FlightCall("DoAction " + type, channel -> status(() -> FlightServiceGrpc.newBlockingStub(channel)
                .doAction(Flight.Action.newBuilder().setType(type).setBody(utf8("{}")).build())
                .forEachRemaining(result -> { })));
    }

    /** The action a DoAction call names; empty for the other methods. */
    String actionName() {
        return name.startsWith("DoAction ") ? name.substring("DoAction ".length()) : "";
    }

    private static Flight.FlightDescriptor cmd(String json) {
        return Flight.FlightDescriptor.newBuilder().setType(Flight.FlightDescriptor.DescriptorType.CMD)
                .setCmd(utf8(json)).build();
    }

    private static ByteString utf8(String text) {
        return ByteString.copyFrom(text, StandardCharsets.UTF_8);
    }

    /** A DoPut that sends no message and ends its stream. */
    private static Status emptyDoPut(Channel channel) {
        CompletableFuture<Status> ended = new CompletableFuture<>();
        StreamObserver<Flight.FlightData> upload = FlightServiceGrpc.newStub(channel).doPut(new StreamObserver<>() {
            @Override
            public void onNext(Flight.PutResult value) {
            }

            @Override
            public void onError(Throwable t) {
                ended.complete(Status.fromThrowable(t));
            }

            @Override
            public void onCompleted() {
                ended.complete(Status.OK);
            }
        });
        upload.onCompleted();
        try {
            return ended.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("DoPut did not end", e);
        }
    }

    private static Status status(Runnable call) {
        try {
            call.run();
            return Status.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus();
        }
    }
}
