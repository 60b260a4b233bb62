package io.mosaicod.server.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import io.mosaicod.server.protocol.ErrorCode;
import io.mosaicod.server.protocol.ProtocolException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class FlightDataMarshallerTest {
    private final BufferAllocator allocator = new RootAllocator();
    private final FlightDataMarshaller marshaller = new FlightDataMarshaller(allocator, 1024);

    @AfterEach
    void noLeak() {
        allocator.close(); // fails if a parsed body was not released
    }

    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("timestamp_ns",
            new ArrowType.Int(64, true))));

    private FlightDataMessage parse(byte[] bytes) {
        return marshaller.parse(new ByteArrayInputStream(bytes));
    }

    @Test
    void readsTheDescriptorTheHeaderAndTheBodyAsSent() {
        byte[] body = new byte[100];
        Arrays.fill(body, (byte) 7);
        Flight.FlightData data = Flight.FlightData.newBuilder()
                .setFlightDescriptor(Flight.FlightDescriptor.newBuilder()
                        .setType(Flight.FlightDescriptor.DescriptorType.CMD).setCmd(ByteString.copyFromUtf8("{}")))
                .setDataHeader(ByteString.copyFrom(MessageSerializer.serializeMetadata(SCHEMA, IpcOption.DEFAULT)))
                .setDataBody(ByteString.copyFrom(body)).build();
        try (FlightDataMessage message = parse(data.toByteArray())) {
            message.requireReadable();
            assertThat(message.descriptor().getCmd().toStringUtf8()).isEqualTo("{}");
            assertThat(message.isSchema()).isTrue();
            assertThat(MessageSerializer.deserializeSchema(message.header())).isEqualTo(SCHEMA);
            try (var taken = message.takeBody()) {
                byte[] read = new byte[100];
                taken.getBytes(0, read);
                assertThat(read).isEqualTo(body);
            }
        }
    }

    @Test
    void skipsFieldsItDoesNotKnowWhateverTheirWireType() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        out.writeUInt64(50, 300);
        out.writeFixed64(51, 1);
        out.writeFixed32(52, 2);
        out.writeBytes(53, ByteString.copyFromUtf8("extension"));
        out.writeBytes(Flight.FlightData.DATA_BODY_FIELD_NUMBER, ByteString.copyFrom(new byte[8]));
        out.flush();
        try (FlightDataMessage message = parse(bytes.toByteArray())) {
            message.requireReadable();
            assertThat(message.header()).isNull();
            assertThat(message.isEmpty()).isFalse();
        }
    }

    @Test
    void aMessageWithNothingInItIsEmpty() {
        try (FlightDataMessage message = parse(new byte[0])) {
            assertThat(message.isEmpty()).isTrue();
            assertThat(message.describe()).isEqualTo("an empty message");
        }
    }

    @Test
    void aMessageOverTheLimitIsRefusedNamingTheSetting() {
        byte[] data = Flight.FlightData.newBuilder().setDataBody(ByteString.copyFrom(new byte[2000])).build()
                .toByteArray();
        try (FlightDataMessage message = parse(data)) {
            assertThatThrownBy(message::requireReadable).isInstanceOfSatisfying(ProtocolException.class, e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.RESOURCE_EXHAUSTED);
                assertThat(e.getMessage()).contains("1024").contains("MOSAICOD_MAX_GRPC_DECODE_MESSAGE_SIZE");
            });
        }
    }

    @Test
    void aTruncatedMessageIsABadRequestAndReleasesWhatItRead() {
        byte[] data = Flight.FlightData.newBuilder()
                .setDataHeader(ByteString.copyFrom(MessageSerializer.serializeMetadata(SCHEMA, IpcOption.DEFAULT)))
                .setDataBody(ByteString.copyFrom(new byte[200])).build().toByteArray();
        try (FlightDataMessage message = parse(Arrays.copyOf(data, data.length - 50))) {
            assertThatThrownBy(message::requireReadable).isInstanceOfSatisfying(ProtocolException.class,
                    e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
        }
    }

    @Test
    void aSecondBodyThatDoesNotFitIsRefusedAndTheFirstReleasedOnce() {
        byte[] first = Flight.FlightData.newBuilder().setDataBody(ByteString.copyFrom(new byte[100])).build()
                .toByteArray();
        byte[] second = Flight.FlightData.newBuilder().setDataBody(ByteString.copyFrom(new byte[1000])).build()
                .toByteArray();
        byte[] both = Arrays.copyOf(first, first.length + second.length); // protobuf: the last occurrence wins
        System.arraycopy(second, 0, both, first.length, second.length);
        try (BufferAllocator small = new RootAllocator(512)) {
            FlightDataMarshaller uploads = new FlightDataMarshaller(small, 4096);
            try (FlightDataMessage message = uploads.parse(new ByteArrayInputStream(both))) {
                assertThatThrownBy(message::requireReadable).isInstanceOfSatisfying(ProtocolException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.RESOURCE_EXHAUSTED));
            }
        }
    }
}
