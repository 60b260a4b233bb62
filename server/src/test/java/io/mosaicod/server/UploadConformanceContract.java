package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.ColumnStats;
import io.mosaicod.db.NumericColumnStats;
import io.mosaicod.db.TextColumnStats;
import io.mosaicod.db.Topic;
import io.mosaicod.db.UploadClaim;
import io.mosaicod.store.Folder;
import io.mosaicod.testkit.JavaNames;
import io.mosaicod.testkit.RawFlight;
import java.io.ByteArrayInputStream;
import java.nio.channels.Channels;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * DoPut against PROTOCOL.md §4 over a real connection: the chunk each batch becomes (object, row, statistics),
 * the topic folder, the empty PutResult stream (acknowledgements only for batches that ask), and the status of every refusal, including the message
 * sequences only a hand-built stream can send. The server accepts messages up to 1 MiB here.
 */
abstract class UploadConformanceContract extends ServerFixture {
    private static final int MAX_MESSAGE = 1 << 20;
    RawFlight raw;

    @Override
    ServerSettings settings() {
        return super.settings().withMaxDecodeMessageBytes(MAX_MESSAGE);
    }

    @BeforeAll
    void openRawChannel() {
        raw = new RawFlight(server.port());
    }

    @AfterAll
    void closeRawChannel() throws InterruptedException {
        raw.close();
    }

    private Topic topic(String locator) {
        return catalog().findTopicByLocator(locator).orElseThrow();
    }

    private Flight.FlightData batchMessage(long... timestamps) {
        try (VectorSchemaRoot batch = SampleTopic.batch(client.allocator(), timestamps)) {
            return RawFlight.batch(batch);
        }
    }

    // ------------------------------------------------------------------ what an upload writes

    @Test
    void anUploadAnswersWithAnEmptyPutResultStreamAndCompletesTheTopic() throws Exception {
        SessionHandle session = newSession("put");
        String locator = sequenceOf(session) + "/imu";
        UUID uuid = newTopic(session, "imu");
        RawFlight.Outcome outcome = raw.doPut(List.of(
                RawFlight.schema(SampleTopic.SCHEMA, RawFlight.putCommand(locator, uuid)),
                batchMessage(1, 2, 3), batchMessage(4, 5)));
        assertThat(outcome.status().getCode()).isEqualTo(Status.Code.OK);
        assertThat(outcome.putResults()).isZero();
        Topic topic = topic(locator);
        assertThat(topic.isUploadComplete()).isTrue();
        assertThat(topic.firstTimestampNs()).hasValue(1);
        assertThat(topic.lastTimestampNs()).hasValue(5);
        assertThat(catalog().listChunks(topic.id())).extracting(Chunk::rowCount).containsExactly(3L, 2L);
    }

    /** docs/protocol.md, "Acknowledgements": what this server adds to the protocol, unseen by clients that send none. */
    @Test
    void aBatchCarryingApplicationMetadataIsAcknowledgedWithItInBatchOrder() throws Exception {
        SessionHandle session = newSession("acks");
        String locator = sequenceOf(session) + "/imu";
        UUID uuid = newTopic(session, "imu");
        RawFlight.Outcome outcome = raw.doPut(List.of(
                RawFlight.schema(SampleTopic.SCHEMA, RawFlight.putCommand(locator, uuid)),
                RawFlight.withAppMetadata(batchMessage(1, 2), "first"),
                RawFlight.withAppMetadata(batchMessage(), "no rows"),
                batchMessage(3),
                RawFlight.withAppMetadata(batchMessage(4, 5, 6), "last")));
        assertThat(outcome.status().getCode()).isEqualTo(Status.Code.OK);
        assertThat(outcome.acknowledgements()).extracting(ByteString::toStringUtf8)
                .containsExactly("first", "no rows", "last");
        assertThat(catalog().listChunks(topic(locator).id())).extracting(Chunk::rowCount).containsExactly(2L, 1L, 3L);
    }

    /** An acknowledgement means the chunk is durable: its row is in the repository and its object in the store. */
    @Test
    void theClientHearsOfEachBatchOnlyOnceItsChunkIsRecordedAndItsObjectStored() throws Exception {
        SessionHandle session = newSession("stored");
        String locator = sequenceOf(session) + "/imu";
        UUID uuid = newTopic(session, "imu");
        long topicId = topic(locator).id();
        int batches = 40;
        List<Long> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<String> missing = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (TopicUpload upload = client.upload(locator, uuid, SampleTopic.SCHEMA, batch -> {
            heard.add(batch);
            List<Chunk> chunks = catalog().listChunks(topicId);
            try {
                if (chunks.size() <= batch || !backend.store().exists(chunks.get((int) batch).objectKey())) {
                    missing.add("batch " + batch + " acknowledged with " + chunks.size() + " chunks recorded");
                }
            } catch (java.io.IOException e) {
                missing.add("batch " + batch + ": " + e);
            }
        })) {
            for (int b = 0; b < batches; b++) {
                try (VectorSchemaRoot batch = SampleTopic.batch(client.allocator(), 10L * b, 10L * b + 1)) {
                    assertThat(upload.put(batch)).isEqualTo(b);
                }
                // the server's info announced its window: the client keeps it from the first batch
                assertThat(upload.sent() - upload.stored()).isLessThanOrEqualTo(TopicUpload.WINDOW_BATCHES);
            }
            assertThat(upload.awaitStored(batches, Duration.ofSeconds(30))).isEqualTo(batches);
            upload.complete();
        }
        assertThat(missing).isEmpty();
        assertThat(heard).containsExactlyElementsOf(java.util.stream.LongStream.range(0, batches).boxed().toList());
        assertThat(topic(locator).isUploadComplete()).isTrue();
    }

    @Test
    void everyBatchBecomesOneChunkInTheTopicFolderWithItsStatistics() throws Exception {
        SessionHandle session = newSession("chunks");
        String locator = sequenceOf(session) + "/sensor";
        upload(locator, newTopic(session, "sensor"), new long[] {10, 20, 30}, new long[] {25, 5, 15},
                new long[] {40});
        Topic topic = topic(locator);
        Folder folder = Folder.parse(topic.folder()).orElseThrow();
        List<Chunk> chunks = StoredChunks.assertEveryRowHasItsFile(catalog(), backend.store(), topic.id());
        assertThat(chunks).extracting(Chunk::objectKey).containsExactly(topic.folder() + "/data/00000.parquet",
                topic.folder() + "/data/00001.parquet", topic.folder() + "/data/00002.parquet");
        assertThat(chunks).extracting(Chunk::ordinal).containsExactly(0, 1, 2);
        assertThat(chunks).extracting(Chunk::sorted).containsExactly(true, false, true);
        assertThat(folder.kind()).isEqualTo(Folder.Kind.TOPIC);

        Map<String, ColumnStats> stats = new java.util.HashMap<>();
        catalog().columnStats(chunks.get(1).id()).forEach(s -> stats.put(s.columnPath(), s));
        NumericColumnStats timestamps = (NumericColumnStats) stats.get("timestamp_ns");
        assertThat(timestamps.min()).hasValue(5);
        assertThat(timestamps.max()).hasValue(25);
        NumericColumnStats values = (NumericColumnStats) stats.get("value");
        assertThat(values.min()).hasValue(0.005);
        assertThat(values.max()).hasValue(0.025);
        TextColumnStats labels = (TextColumnStats) stats.get("label");
        assertThat(labels.min()).hasValue("row-15");
        assertThat(labels.max()).hasValue("row-5");
    }

    @Test
    void theTopicAndSequenceFoldersExplainThemselvesWithoutTheRepository() throws Exception {
        SessionHandle session = newSession("folder");
        String sequence = sequenceOf(session);
        String locator = sequence + "/camera/left";
        upload(locator, newTopic(session, "camera/left"), new long[] {7});
        Topic topic = topic(locator);
        JsonNode metadata = JSON.readTree(backend.store().get(topic.folder() + "/metadata.json"));
        assertThat(metadata.path("kind").asText()).isEqualTo("topic");
        assertThat(metadata.path("locator").asText()).isEqualTo(locator);
        assertThat(metadata.path("session").asText()).isEqualTo(session.locator());
        assertThat(metadata.path("serialization_format").asText()).isEqualTo("default");
        assertThat(metadata.path("ontology_tag").asText()).isEqualTo("test");
        assertThat(metadata.path("user_metadata")).isEqualTo(metadata("frame", "camera/left"));
        assertThat(metadata.path("created_at").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
        byte[] ipc = Base64.getDecoder().decode(metadata.path("arrow_schema").asText());
        Schema schema = MessageSerializer.deserializeSchema(
                new ReadChannel(Channels.newChannel(new ByteArrayInputStream(ipc))));
        assertThat(schema).isEqualTo(SampleTopic.SCHEMA);

        String sequenceFolder = catalog().findSequence(sequence).orElseThrow().folder();
        assertThat(Folder.parse(sequenceFolder).orElseThrow().kind()).isEqualTo(Folder.Kind.SEQUENCE);
        JsonNode sequenceMetadata = JSON.readTree(backend.store().get(sequenceFolder + "/metadata.json"));
        assertThat(sequenceMetadata.path("locator").asText()).isEqualTo(sequence);
        assertThat(sequenceMetadata.path("user_metadata")).isEqualTo(metadata("robot", "rover-1"));
    }

    @Test
    void aSchemaWithoutBatchesIsAValidEmptyUpload() throws Exception {
        SessionHandle session = newSession("nobatch");
        String locator = sequenceOf(session) + "/quiet";
        upload(locator, newTopic(session, "quiet"));
        assertThat(topic(locator).isUploadComplete()).isTrue();
        assertThat(catalog().listChunks(topic(locator).id())).isEmpty();
        client.finalizeSession(session.uuid());
    }

    @Test
    void aBatchWithoutRowsMakesNoChunk() {
        SessionHandle session = newSession("norows");
        String locator = sequenceOf(session) + "/sparse";
        upload(locator, newTopic(session, "sparse"), new long[] {1}, new long[0], new long[] {2});
        assertThat(catalog().listChunks(topic(locator).id())).extracting(Chunk::ordinal).containsExactly(0, 1);
    }

    @Test
    void theCommandFieldNameOfOlderClientsIsAccepted() throws Exception {
        SessionHandle session = newSession("oldkey");
        String locator = sequenceOf(session) + "/legacy";
        UUID uuid = newTopic(session, "legacy");
        RawFlight.Outcome outcome = raw.doPut(List.of(RawFlight.schema(SampleTopic.SCHEMA, RawFlight.command(
                "{\"resource_locator\":\"" + locator + "\",\"key\":\"" + uuid + "\"}")), batchMessage(1)));
        assertThat(outcome.status().getCode()).isEqualTo(Status.Code.OK);
    }

    @Test
    void aBatchNearTheAdvertisedBudgetIsAcceptedAndALargerMessageIsRefused() throws Exception {
        assertThat(client.info().maxMessageBytes()).isEqualTo(MAX_MESSAGE);
        SessionHandle session = newSession("limit");
        String locator = sequenceOf(session) + "/blobs";
        UUID uuid = newTopic(session, "blobs");
        Schema blobs = new Schema(List.of(SampleTopic.SCHEMA.getFields().get(0),
                new Field("blob", FieldType.notNullable(ArrowType.Binary.INSTANCE), null)));
        long budget = client.info().uploadBatchBudgetBytes();
        try (TopicUpload upload = client.upload(locator, uuid, blobs);
             VectorSchemaRoot fits = blobBatch(blobs, 1, (int) budget - 64);
             VectorSchemaRoot tooLarge = blobBatch(blobs, 2, MAX_MESSAGE + 1024)) {
            upload.put(fits);
            upload.put(tooLarge);
            var refusal = assertRefused(Status.Code.RESOURCE_EXHAUSTED, upload::complete);
            assertThat(refusal.serverMessage()).contains(Integer.toString(MAX_MESSAGE))
                    .contains("MOSAICOD_MAX_GRPC_DECODE_MESSAGE_SIZE");
        }
        Topic topic = topic(locator);
        assertThat(topic.isUploadComplete()).isFalse();
        assertThat(StoredChunks.assertEveryRowHasItsFile(catalog(), backend.store(), topic.id())).hasSize(1);
    }

    private VectorSchemaRoot blobBatch(Schema schema, long timestamp, int bytes) {
        VectorSchemaRoot batch = VectorSchemaRoot.create(schema, client.allocator());
        batch.allocateNew();
        ((BigIntVector) batch.getVector(0)).setSafe(0, timestamp);
        ((VarBinaryVector) batch.getVector(1)).setSafe(0, new byte[bytes]);
        batch.setRowCount(1);
        return batch;
    }

    // ------------------------------------------------------------------ INVALID_ARGUMENT

    @Test
    void aPathDescriptorOrNoDescriptorIsABadRequest() throws Exception {
        SessionHandle session = newSession("desc");
        String locator = sequenceOf(session) + "/x";
        newTopic(session, "x");
        for (Flight.FlightDescriptor descriptor : new Flight.FlightDescriptor[] {RawFlight.path(locator), null}) {
            RawFlight.Outcome outcome = raw.doPut(List.of(RawFlight.schema(SampleTopic.SCHEMA, descriptor),
                    batchMessage(1)));
            assertThat(outcome.status().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(outcome.status().getDescription()).endsWith(".");
            assertThat(JavaNames.in(outcome.status().getDescription())).as(outcome.status().getDescription()).isEmpty();
        }
        assertThat(catalog().listChunks(topic(locator).id())).isEmpty();
    }

    @Test
    void aStreamMustOpenWithItsSchema() throws Exception {
        SessionHandle session = newSession("noschema");
        String locator = sequenceOf(session) + "/x";
        UUID uuid = newTopic(session, "x");
        Flight.FlightData batchWithDescriptor = batchMessage(1).toBuilder()
                .setFlightDescriptor(RawFlight.putCommand(locator, uuid)).build();
        RawFlight.Outcome outcome = raw.doPut(List.of(batchWithDescriptor));
        assertThat(outcome.status().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(outcome.status().getDescription()).contains("missing schema");
        assertThat(raw.doPut(List.of()).status().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(topic(locator).isUploadComplete()).isFalse();
    }

    @Test
    void aSchemaWithoutAnInt64TimestampIsUnsupported() {
        SessionHandle session = newSession("schema");
        String sequence = sequenceOf(session);
        ArrowType dbl = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
        List<Schema> unsupported = List.of(
                new Schema(List.of(Field.nullable("value", dbl))),
                new Schema(List.of(Field.nullable("timestamp_ns", new ArrowType.Int(32, true)))),
                new Schema(List.of(Field.nullable("timestamp_ns", ArrowType.Utf8.INSTANCE))),
                new Schema(List.of(Field.nullable("timestamp_ns", new ArrowType.Int(64, false)))),
                new Schema(List.of(Field.nullable("timestamp_ns", new ArrowType.Timestamp(
                        org.apache.arrow.vector.types.TimeUnit.NANOSECOND, "UTC")))));
        for (int i = 0; i < unsupported.size(); i++) {
            String locator = sequence + "/t" + i;
            UUID uuid = newTopic(session, "t" + i);
            Schema schema = unsupported.get(i);
            var refusal = assertRefused(Status.Code.INVALID_ARGUMENT, () -> {
                try (TopicUpload upload = client.upload(locator, uuid, schema)) {
                    upload.complete();
                }
            });
            assertThat(refusal.serverMessage()).startsWith("Unsupported schema");
        }
    }

    @Test
    void aBadCommandIsABadRequest() throws Exception {
        SessionHandle session = newSession("cmd");
        String locator = sequenceOf(session) + "/x";
        UUID uuid = newTopic(session, "x");
        for (Flight.FlightDescriptor descriptor : List.of(RawFlight.command("not json"),
                RawFlight.command("{\"resource_locator\":\"" + locator + "\"}"),
                RawFlight.putCommand(sequenceOf(session) + "//x", uuid),
                RawFlight.putCommand(locator, "not-a-uuid"))) {
            RawFlight.Outcome outcome = raw.doPut(List.of(RawFlight.schema(SampleTopic.SCHEMA, descriptor)));
            assertThat(outcome.status().getCode()).as(descriptor.getCmd().toStringUtf8())
                    .isEqualTo(Status.Code.INVALID_ARGUMENT);
        }
        assertThat(topic(locator).isUploadComplete()).isFalse();
    }

    // ------------------------------------------------------------------ NOT_FOUND, PERMISSION_DENIED

    @Test
    void anUnknownTopicUuidIsNotFoundAndAnotherTopicsUuidIsDenied() {
        SessionHandle session = newSession("uuid");
        String sequence = sequenceOf(session);
        newTopic(session, "mine");
        UUID other = newTopic(session, "other");
        assertRefused(Status.Code.NOT_FOUND, () -> upload(sequence + "/mine", UUID.randomUUID(), new long[] {1}));
        var denied = assertRefused(Status.Code.PERMISSION_DENIED, () -> upload(sequence + "/mine", other,
                new long[] {1}));
        assertThat(denied.serverMessage()).contains(sequence + "/mine");
        assertThat(catalog().listChunks(topic(sequence + "/mine").id())).isEmpty();
        assertThat(catalog().listChunks(topic(sequence + "/other").id())).isEmpty();
    }

    // ------------------------------------------------------------------ FAILED_PRECONDITION

    @Test
    void anUploadedOrLockedTopicCannotBeUploadedAgain() {
        SessionHandle session = newSession("again");
        String locator = sequenceOf(session) + "/x";
        UUID uuid = newTopic(session, "x");
        upload(locator, uuid, new long[] {1});
        var uploaded = assertRefused(Status.Code.FAILED_PRECONDITION, () -> upload(locator, uuid, new long[] {2}));
        assertThat(uploaded.serverMessage()).contains("already uploaded");
        client.finalizeSession(session.uuid());
        var locked = assertRefused(Status.Code.FAILED_PRECONDITION, () -> upload(locator, uuid, new long[] {2}));
        assertThat(locked.serverMessage()).contains("locked");
        assertThat(catalog().listChunks(topic(locator).id())).hasSize(1);
    }

    @Test
    void aTopicTakesOneUploadAtATimeAndItsSessionWaitsForIt() throws Exception {
        SessionHandle session = newSession("busy");
        String locator = sequenceOf(session) + "/x";
        UUID uuid = newTopic(session, "x");
        long topicId = topic(locator).id();
        try (TopicUpload first = client.upload(locator, uuid, SampleTopic.SCHEMA);
             VectorSchemaRoot batch = SampleTopic.batch(client.allocator(), 1, 2)) {
            first.put(batch);
            Eventually.await("the first batch's chunk", Duration.ofSeconds(20),
                    () -> catalog().listChunks(topicId).size() == 1);
            var busy = assertRefused(Status.Code.FAILED_PRECONDITION, () -> upload(locator, uuid, new long[] {3}));
            assertThat(busy.serverMessage()).contains("already uploading");
            var finalizing = assertRefused(Status.Code.FAILED_PRECONDITION,
                    () -> client.finalizeSession(session.uuid()));
            assertThat(finalizing.serverMessage()).contains("uploading");
            assertRefused(Status.Code.FAILED_PRECONDITION, () -> client.deleteSession(session.uuid()));
            assertRefused(Status.Code.FAILED_PRECONDITION, () -> client.deleteTopic(locator));
            first.complete();
        }
        client.finalizeSession(session.uuid());
        assertThat(catalog().listChunks(topicId)).hasSize(1);
    }

    /** Another server's upload holds the topic: its claim is in the repository this server shares. */
    @Test
    void aTopicAnotherServersUploadHoldsIsRefusedBeforeAnythingIsWritten() throws Exception {
        SessionHandle session = newSession("elsewhere");
        String locator = sequenceOf(session) + "/x";
        UUID uuid = newTopic(session, "x");
        Topic topic = topic(locator);
        byte[] folderMetadata = backend.store().get(topic.folder() + "/metadata.json");
        UploadClaim elsewhere = backend.repository().uploadClaims().claim(topic.id(), Duration.ofMinutes(5))
                .orElseThrow();

        var busy = assertRefused(Status.Code.FAILED_PRECONDITION, () -> upload(locator, uuid, new long[] {1}));

        assertThat(busy.serverMessage()).isEqualTo("Topic `" + locator + "` is already uploading.");
        assertThat(backend.store().get(topic.folder() + "/metadata.json")).as("schema not recorded")
                .isEqualTo(folderMetadata);
        assertThat(catalog().listChunks(topic.id())).isEmpty();
        backend.repository().uploadClaims().release(elsewhere);
        upload(locator, uuid, new long[] {1});
        assertThat(topic(locator).isUploadComplete()).isTrue();
    }

    /** A server died holding the claim before it stored a chunk: the claim expires, the topic is uploadable. */
    @Test
    void theExpiredClaimOfAServerThatDiedDoesNotBlockItsTopic() {
        SessionHandle session = newSession("died");
        String locator = sequenceOf(session) + "/x";
        UUID uuid = newTopic(session, "x");
        // a zero-length claim has expired by the database clock as soon as it is granted
        backend.repository().uploadClaims().claim(topic(locator).id(), Duration.ZERO).orElseThrow();

        upload(locator, uuid, new long[] {1}, new long[] {2});

        assertThat(topic(locator).isUploadComplete()).isTrue();
        assertThat(catalog().listChunks(topic(locator).id())).hasSize(2);
    }

    // ------------------------------------------------------------------ ABORTED, CANCELLED

    @Test
    void aSecondSchemaOrAnEmptyMessageAbortsTheStreamKeepingTheChunksBefore() throws Exception {
        SessionHandle session = newSession("abort");
        String sequence = sequenceOf(session);
        Map<String, Flight.FlightData> intruders = Map.of("schema", RawFlight.schema(SampleTopic.SCHEMA, null),
                "empty", RawFlight.empty());
        for (var intruder : intruders.entrySet()) {
            String locator = sequence + "/" + intruder.getKey();
            UUID uuid = newTopic(session, intruder.getKey());
            RawFlight.Outcome outcome = raw.doPut(List.of(
                    RawFlight.schema(SampleTopic.SCHEMA, RawFlight.putCommand(locator, uuid)),
                    batchMessage(1, 2), intruder.getValue(), batchMessage(3)));
            assertThat(outcome.status().getCode()).as(intruder.getKey()).isEqualTo(Status.Code.ABORTED);
            assertThat(outcome.status().getDescription()).endsWith(".");
            assertThat(JavaNames.in(outcome.status().getDescription())).as(outcome.status().getDescription()).isEmpty();
            Topic topic = topic(locator);
            assertThat(topic.isUploadComplete()).isFalse();
            assertThat(StoredChunks.assertEveryRowHasItsFile(catalog(), backend.store(), topic.id()))
                    .extracting(Chunk::rowCount).containsExactly(2L);
        }
    }

    @Test
    void aClientStreamErrorLeavesTheTopicIncompleteAndAnInterruptedUploadIsNotResumed() throws Exception {
        SessionHandle session = newSession("cancel");
        String locator = sequenceOf(session) + "/x";
        UUID uuid = newTopic(session, "x");
        long topicId = topic(locator).id();
        try (TopicUpload upload = client.upload(locator, uuid, SampleTopic.SCHEMA);
             VectorSchemaRoot batch = SampleTopic.batch(client.allocator(), 1, 2, 3)) {
            upload.put(batch);
            Eventually.await("the first chunk", Duration.ofSeconds(20), () -> catalog().listChunks(topicId).size() == 1);
            upload.abort("the client gave up");
        }
        // the server notices the cancellation asynchronously; then the topic is free but holds old chunks
        Eventually.await("the server to release the topic", Duration.ofSeconds(20), () -> {
            try {
                upload(locator, uuid, new long[] {9});
                return true;
            } catch (io.mosaicod.client.MosaicoException e) {
                assertThat(e.code()).isEqualTo(Status.Code.FAILED_PRECONDITION);
                return e.serverMessage().contains("interrupted upload");
            }
        });
        assertThat(topic(locator).isUploadComplete()).isFalse();
        StoredChunks.assertEveryRowHasItsFile(catalog(), backend.store(), topicId);
        var refusal = assertRefused(Status.Code.FAILED_PRECONDITION, () -> client.finalizeSession(session.uuid()));
        assertThat(refusal.serverMessage()).contains("never completed an upload");

        client.deleteSession(session.uuid());
        SessionHandle retry = client.createSession(sequenceOf(session));
        upload(locator, newTopic(retry, "x"), new long[] {1, 2, 3});
        client.finalizeSession(retry.uuid());
    }
}
