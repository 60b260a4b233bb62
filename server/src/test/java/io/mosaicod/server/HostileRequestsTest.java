package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import io.mosaicod.client.MosaicoException;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicReader;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.core.ClientText;
import io.mosaicod.testkit.RawFlight;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * Requests a buggy or hostile client sends, each answered with the contract's code and a short sentence:
 * oversized strings, deep or non-finite metadata, trailing garbage, explicit nulls, unusable schemas,
 * unsupported methods, replies that would exceed the message limit.
 */
class HostileRequestsTest extends ServerFixture {
    /** Small enough that a handful of long notifications exceed it. */
    private static final int MAX_MESSAGE_BYTES = 4 << 20;

    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }

    @Override
    ServerSettings settings() {
        return super.settings().withMaxDecodeMessageBytes(MAX_MESSAGE_BYTES);
    }

    private void action(String type, String body) {
        client.rawAction(type, body.getBytes(StandardCharsets.UTF_8));
    }

    /** Refused with {@code code}, the status intact and its sentence short whatever the request quoted. */
    private static MosaicoException assertRefusedBriefly(Status.Code code, org.assertj.core.api.ThrowableAssert
            .ThrowingCallable call) {
        MosaicoException refusal = assertRefused(code, call);
        assertThat(refusal.serverMessage()).hasSizeLessThan(1100);
        return refusal;
    }

    @Test
    void longLocatorsAreRefusedAndErrorsQuotingThemStayIntact() {
        SessionHandle session = newSession("long");
        String sequence = sequenceOf(session);
        assertRefusedBriefly(Status.Code.INVALID_ARGUMENT, () -> client.createTopic(session.uuid(),
                new TopicSpec(sequence + "/" + "t".repeat(9_000), "default", "test", metadata("a", "b"))));
        String longest = sequence + "/" + "t".repeat(1024 - sequence.length() - 1);
        client.createTopic(session.uuid(), new TopicSpec(longest, "default", "test", metadata("a", "b")));
        assertRefusedBriefly(Status.Code.ALREADY_EXISTS, () -> client.createTopic(session.uuid(),
                new TopicSpec(longest, "default", "test", metadata("a", "b"))));
        assertRefusedBriefly(Status.Code.INVALID_ARGUMENT, () -> action("x".repeat(100_000), "{}"));
    }

    @Test
    void aDuplicateQuotesAtMost200CharactersOfItsLocator() {
        String sequence = uniqueName("dup") + "_" + "s".repeat(1_000);
        action("sequence_create", "{\"locator\":\"" + sequence + "\"}");
        MosaicoException duplicate = assertRefused(Status.Code.ALREADY_EXISTS,
                () -> action("sequence_create", "{\"locator\":\"" + sequence + "\"}"));
        assertThat(duplicate.serverMessage())
                .contains("… (" + sequence.length() + " characters)` already exists.")
                .hasSizeLessThan(ClientText.MAX_QUOTED_CHARS + 60);
    }

    @Test
    void metadataTooDeepNonFiniteOrTooLargeIsRefused() {
        String name = uniqueName("meta");
        assertRefusedBriefly(Status.Code.INVALID_ARGUMENT, () -> action("sequence_create",
                "{\"locator\":\"" + name + "\",\"user_metadata\":" + nested(129) + "}"));
        assertRefusedBriefly(Status.Code.INVALID_ARGUMENT, () -> action("sequence_create",
                "{\"locator\":\"" + name + "\",\"user_metadata\":{\"x\":1e400}}"));
        assertRefusedBriefly(Status.Code.INVALID_ARGUMENT, () -> action("sequence_create",
                "{\"locator\":\"" + name + "\",\"user_metadata\":{\"x\":\"" + "y".repeat(1_100_000) + "\"}}"));
        action("sequence_create", "{\"locator\":\"" + name + "\",\"user_metadata\":" + nested(120) + "}");
    }

    @Test
    void trailingGarbageAndExplicitNullsAreRefused() {
        SessionHandle session = newSession("nulls");
        String sequence = sequenceOf(session);
        assertRefusedBriefly(Status.Code.INVALID_ARGUMENT, () -> action("sequence_create",
                "{\"locator\":\"" + uniqueName("trailing") + "\"} garbage"));
        for (String field : List.of("serialization_format", "ontology_tag")) {
            assertRefusedBriefly(Status.Code.INVALID_ARGUMENT, () -> action("topic_create", "{\"locator\":\""
                    + sequence + "/n\",\"session_uuid\":\"" + session.uuid() + "\",\"" + field + "\":null}"));
        }
        assertRefusedBriefly(Status.Code.INVALID_ARGUMENT, () -> action("sequence_notification_create",
                "{\"locator\":\"" + sequence + "\",\"notification_type\":\"error\",\"msg\":null}"));
        assertRefusedBriefly(Status.Code.INVALID_ARGUMENT, () -> action("sequence_notification_create",
                "{\"locator\":\"" + sequence + "\",\"notification_type\":\"error\",\"msg\":\""
                        + "m".repeat(20_000) + "\"}"));
    }

    @Test
    void aReplyOverTheMessageLimitIsRefusedInsteadOfSent() {
        String sequence = sequenceOf(newSession("notes"));
        String message = "m".repeat(16 * 1024);
        for (int i = 0; i < MAX_MESSAGE_BYTES / message.length() + 2; i++) {
            client.notifySequenceError(sequence, message);
        }
        assertRefusedBriefly(Status.Code.RESOURCE_EXHAUSTED, () -> client.sequenceNotifications(sequence));
        client.purgeSequenceNotifications(sequence);
        assertThat(client.sequenceNotifications(sequence)).isEmpty();
    }

    @Test
    void schemasWithDuplicateNamesOrTooManyColumnsAreRefusedAtTheSchema() {
        SessionHandle session = newSession("schemas");
        String sequence = sequenceOf(session);
        Field ts = new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null);
        Schema duplicate = new Schema(List.of(ts, Field.nullable("v", new ArrowType.Int(32, true)),
                Field.nullable("v", new ArrowType.Int(32, true))));
        Schema tooWide = wideSchema(60_000);
        for (Schema schema : List.of(duplicate, tooWide)) {
            String locator = sequence + "/s" + schema.getFields().size();
            UUID uuid = client.createTopic(session.uuid(), new TopicSpec(locator, "default", "test",
                    metadata("a", "b")));
            long started = System.nanoTime();
            MosaicoException refusal = assertRefusedBriefly(Status.Code.INVALID_ARGUMENT, () -> {
                try (TopicUpload upload = client.upload(locator, uuid, schema)) {
                    upload.complete();
                }
            });
            assertThat(refusal.serverMessage()).startsWith("Unsupported schema:");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
        }
    }

    /** The widest schema allowed uploads and reads one row in well under the time a user would wait. */
    @Test
    void theWidestAllowedSchemaUploadsAndReadsQuickly() {
        SessionHandle session = newSession("wide");
        String locator = sequenceOf(session) + "/wide";
        Schema schema = wideSchema(4095);
        UUID uuid = client.createTopic(session.uuid(), new TopicSpec(locator, "default", "test", metadata("a", "b")));
        long started = System.nanoTime();
        try (TopicUpload upload = client.upload(locator, uuid, schema);
             VectorSchemaRoot row = VectorSchemaRoot.create(schema, client.allocator())) {
            row.allocateNew();
            ((BigIntVector) row.getVector(0)).set(0, 42);
            for (int c = 1; c < schema.getFields().size(); c++) {
                ((Float4Vector) row.getVector(c)).set(0, c);
            }
            row.setRowCount(1);
            upload.put(row);
            upload.complete();
        }
        Duration upload = Duration.ofNanos(System.nanoTime() - started);
        started = System.nanoTime();
        try (TopicReader reader = client.read(locator, null, null)) {
            assertThat(reader.next()).isTrue();
            assertThat(reader.batch().getRowCount()).isEqualTo(1);
            assertThat(((Float4Vector) reader.batch().getVector(4094)).get(0)).isEqualTo(4094f);
            assertThat(reader.next()).isFalse();
        }
        Duration read = Duration.ofNanos(System.nanoTime() - started);
        System.out.printf("one row of %d columns: upload %d ms, read %d ms%n", schema.getFields().size(),
                upload.toMillis(), read.toMillis());
        assertThat(upload).isLessThan(Duration.ofSeconds(10));
        assertThat(read).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void pollFlightInfoIsUnimplemented() throws InterruptedException {
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
        try {
            StatusRuntimeException refusal = org.assertj.core.api.Assertions.catchThrowableOfType(
                    StatusRuntimeException.class, () -> FlightServiceGrpc.newBlockingStub(channel)
                            .pollFlightInfo(RawFlight.path("x")));
            assertThat(refusal.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
        } finally {
            channel.shutdownNow();
            channel.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /** Bytes that are no protobuf message (a truncated varint), sent to every method, and descriptors of no type. */
    @Test
    void malformedRequestsAndUnknownDescriptorTypesAreInvalidArguments() throws Exception {
        byte[] garbage = {(byte) 0x0a, (byte) 0xff, (byte) 0xff, (byte) 0xff};
        try (RawFlight raw = new RawFlight(server.port())) {
            for (io.grpc.MethodDescriptor<?, ?> method : List.of(FlightServiceGrpc.getGetFlightInfoMethod(),
                    FlightServiceGrpc.getGetSchemaMethod(), FlightServiceGrpc.getDoGetMethod(),
                    FlightServiceGrpc.getDoActionMethod(), FlightServiceGrpc.getListFlightsMethod(),
                    FlightServiceGrpc.getListActionsMethod(), FlightServiceGrpc.getDoPutMethod(),
                    FlightServiceGrpc.getDoExchangeMethod())) { // Handshake ends before it reads: no auth
                Status status = raw.callWithBytes(method, garbage);
                assertThat(status.getCode()).as("%s of a malformed request (%s)", method.getBareMethodName(),
                        status).isIn(Status.Code.INVALID_ARGUMENT, Status.Code.UNIMPLEMENTED);
            }
            for (int type : new int[] {0, 7}) {
                byte[] descriptor = Flight.FlightDescriptor.newBuilder().setTypeValue(type)
                        .setCmd(com.google.protobuf.ByteString.copyFromUtf8("{}")).build().toByteArray();
                for (io.grpc.MethodDescriptor<?, ?> method : List.of(FlightServiceGrpc.getGetFlightInfoMethod(),
                        FlightServiceGrpc.getGetSchemaMethod())) {
                    Status status = raw.callWithBytes(method, descriptor);
                    assertThat(status.getCode()).as("%s of a descriptor of type %d (%s)",
                            method.getBareMethodName(), type, status).isEqualTo(Status.Code.INVALID_ARGUMENT);
                }
                RawFlight.Outcome put = raw.doPut(List.of(RawFlight.schema(new Schema(List.of(new Field(
                        "timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null))),
                        Flight.FlightDescriptor.parseFrom(descriptor))));
                assertThat(put.status().getCode()).as("DoPut of a descriptor of type %d (%s)", type, put.status())
                        .isEqualTo(Status.Code.INVALID_ARGUMENT);
            }
        }
        assertThat(client.info().version()).isNotNull();
    }

    private static Schema wideSchema(int columns) {
        List<Field> fields = new ArrayList<>(columns);
        fields.add(new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null));
        for (int c = 1; c < columns; c++) {
            fields.add(Field.nullable("c" + c, new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
        }
        return new Schema(fields);
    }

    /** A JSON object nested {@code depth} levels deep. */
    private static String nested(int depth) {
        return "{\"a\":".repeat(depth - 1) + "{}" + "}".repeat(depth - 1);
    }
}
