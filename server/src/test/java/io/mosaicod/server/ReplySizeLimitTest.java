package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.testkit.JavaNames;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.junit.jupiter.api.Test;

/**
 * No reply is larger than the message limit the server advertises: a client capped there (as the SDK caps itself)
 * gets the server's RESOURCE_EXHAUSTED with what to ask for instead, not a failure of its own library, and the
 * parts it can ask for one at a time still answer.
 */
class ReplySizeLimitTest extends ServerFixture {
    private static final int LIMIT = 64 << 10;

    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }

    @Override
    ServerSettings settings() {
        return super.settings().withMaxDecodeMessageBytes(LIMIT);
    }

    @Test
    void aSequenceWhoseFlightInfoWouldExceedTheLimitIsRefusedAndItsTopicsStillAnswer() throws Exception {
        SessionHandle session = newSession("wide");
        String sequence = sequenceOf(session);
        ObjectNode large = JSON.createObjectNode().put("notes", "n".repeat(LIMIT / 4));
        for (int i = 0; i < 6; i++) {
            client.createTopic(session.uuid(), new TopicSpec(sequence + "/t" + i, "default", "test", large));
        }
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext()
                .maxInboundMessageSize(LIMIT).build();
        try {
            FlightServiceGrpc.FlightServiceBlockingStub flight = FlightServiceGrpc.newBlockingStub(channel);
            StatusRuntimeException refusal = catchThrowableOfType(StatusRuntimeException.class,
                    () -> flight.getFlightInfo(descriptor(sequence)));
            assertThat(refusal).as("the sequence's GetFlightInfo").isNotNull();
            assertThat(refusal.getStatus().getCode()).as(refusal.getMessage()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
            assertThat(refusal.getStatus().getDescription())
                    .startsWith("The reply to GetFlightInfo would be ")
                    .contains("over the server's message limit of " + LIMIT + " bytes")
                    .contains("one at a time");
            assertThat(JavaNames.in(refusal.getStatus().getDescription())).isEmpty();

            Flight.FlightInfo topic = flight.getFlightInfo(descriptor(sequence + "/t0"));
            assertThat(topic.getSerializedSize()).isLessThan(LIMIT);
        } finally {
            channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    private static Flight.FlightDescriptor descriptor(String locator) {
        return Flight.FlightDescriptor.newBuilder().setType(Flight.FlightDescriptor.DescriptorType.CMD)
                .setCmd(ByteString.copyFrom("{\"resource_locator\":\"" + locator + "\"}", StandardCharsets.UTF_8))
                .build();
    }
}
