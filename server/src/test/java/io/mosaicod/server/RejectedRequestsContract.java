package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.mosaicod.client.MosaicoException;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Topic;
import io.mosaicod.store.ObjectInfo;
import io.mosaicod.testkit.JavaNames;
import io.mosaicod.testkit.RawFlight;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowBuffer;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A refused request leaves nothing half-committed: the repository and the store, read behind the server's
 * back, are exactly as before it. A stream refused midway keeps the chunks it committed before the refusal,
 * each a row with its object, and nothing else.
 */
abstract class RejectedRequestsContract extends ServerFixture {
    RawFlight raw;

    @BeforeAll
    void openRawChannel() {
        raw = new RawFlight(server.port());
    }

    @AfterAll
    void closeRawChannel() throws InterruptedException {
        raw.close();
    }

    /** Runs {@code request}, which must be refused with {@code code}, and checks that nothing changed. */
    private void assertRefusedLeavingNothing(Status.Code code, ThrowingCallable request) throws Exception {
        BackendSnapshot before = BackendSnapshot.of(backend);
        assertRefused(code, request);
        assertThat(BackendSnapshot.of(backend)).isEqualTo(before);
    }

    private void assertRawPutRefusedLeavingNothing(Status.Code code, List<Flight.FlightData> messages)
            throws Exception {
        BackendSnapshot before = BackendSnapshot.of(backend);
        assertThat(raw.doPut(messages).status().getCode()).isEqualTo(code);
        assertThat(BackendSnapshot.of(backend)).isEqualTo(before);
    }

    private void action(String type, String body) {
        client.rawAction(type, body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void refusedSequenceAndSessionActionsChangeNothing() throws Exception {
        SessionHandle session = newSession("rej");
        String sequence = sequenceOf(session);
        assertRefusedLeavingNothing(Status.Code.INVALID_ARGUMENT, () -> client.createSequence("bad.name",
                metadata("k", "v")));
        assertRefusedLeavingNothing(Status.Code.INVALID_ARGUMENT, () -> action("sequence_create",
                "{\"locator\":\"" + uniqueName("rej") + "\",\"user_metadata\":{\"bad--key\":1}}"));
        assertRefusedLeavingNothing(Status.Code.ALREADY_EXISTS, () -> client.createSequence(sequence,
                metadata("k", "v")));
        assertRefusedLeavingNothing(Status.Code.NOT_FOUND, () -> client.createSession(uniqueName("ghost")));
        assertRefusedLeavingNothing(Status.Code.FAILED_PRECONDITION, () -> client.finalizeSession(session.uuid()));
        assertRefusedLeavingNothing(Status.Code.NOT_FOUND, () -> client.deleteSession(UUID.randomUUID()));
        assertRefusedLeavingNothing(Status.Code.NOT_FOUND, () -> client.deleteSequence(uniqueName("ghost")));
        assertRefusedLeavingNothing(Status.Code.INVALID_ARGUMENT, () -> action("sequence_notification_create",
                "{\"locator\":\"" + sequence + "\",\"notification_type\":\"info\",\"msg\":\"x\"}"));
        assertRefusedLeavingNothing(Status.Code.INVALID_ARGUMENT, () -> action("no_such_action", "{}"));
    }

    @Test
    void refusedTopicActionsChangeNothing() throws Exception {
        SessionHandle session = newSession("rejtopic");
        String sequence = sequenceOf(session);
        upload(sequence + "/taken", newTopic(session, "taken"), new long[] {1});
        SessionHandle other = newSession("rejtopic");
        for (TopicSpec bad : List.of(
                new TopicSpec(sequence + "//x", "default", "t", metadata("k", "v")),
                new TopicSpec(sequence + "/x", "parquet", "t", metadata("k", "v")),
                new TopicSpec(sequence + "/x", "default", "t", JSON.createObjectNode().put("a b--c", 1)),
                new TopicSpec(sequenceOf(other) + "/x", "default", "t", metadata("k", "v")))) {
            assertRefusedLeavingNothing(Status.Code.INVALID_ARGUMENT, () -> client.createTopic(session.uuid(), bad));
        }
        assertRefusedLeavingNothing(Status.Code.ALREADY_EXISTS, () -> newTopic(session, "taken"));
        assertRefusedLeavingNothing(Status.Code.NOT_FOUND, () -> client.createTopic(UUID.randomUUID(),
                new TopicSpec(sequence + "/x", "default", "t", metadata("k", "v"))));
        assertRefusedLeavingNothing(Status.Code.NOT_FOUND, () -> client.deleteTopic(sequence + "/ghost"));
        client.finalizeSession(session.uuid());
        assertRefusedLeavingNothing(Status.Code.FAILED_PRECONDITION, () -> newTopic(session, "late"));
    }

    @Test
    void uploadsRefusedAtTheirHeaderChangeNothing() throws Exception {
        SessionHandle session = newSession("rejput");
        String sequence = sequenceOf(session);
        String locator = sequence + "/x";
        UUID uuid = newTopic(session, "x");
        UUID otherUuid = newTopic(session, "y");
        Flight.FlightData batch;
        try (VectorSchemaRoot root = SampleTopic.batch(client.allocator(), 1, 2)) {
            batch = RawFlight.batch(root);
        }
        Schema noTimestamp = new Schema(List.of(Field.nullable("value", new ArrowType.Int(32, true))));
        assertRawPutRefusedLeavingNothing(Status.Code.INVALID_ARGUMENT,
                List.of(RawFlight.schema(SampleTopic.SCHEMA, RawFlight.path(locator)), batch));
        assertRawPutRefusedLeavingNothing(Status.Code.INVALID_ARGUMENT,
                List.of(RawFlight.schema(noTimestamp, RawFlight.putCommand(locator, uuid))));
        assertRawPutRefusedLeavingNothing(Status.Code.NOT_FOUND,
                List.of(RawFlight.schema(SampleTopic.SCHEMA, RawFlight.putCommand(locator, UUID.randomUUID())), batch));
        assertRawPutRefusedLeavingNothing(Status.Code.PERMISSION_DENIED,
                List.of(RawFlight.schema(SampleTopic.SCHEMA, RawFlight.putCommand(locator, otherUuid)), batch));
        upload(locator, uuid, new long[] {5});
        assertRawPutRefusedLeavingNothing(Status.Code.FAILED_PRECONDITION,
                List.of(RawFlight.schema(SampleTopic.SCHEMA, RawFlight.putCommand(locator, uuid)), batch));
    }

    @Test
    void anUploadRefusedMidwayKeepsOnlyWholeChunksOfWhatCameBefore() throws Exception {
        SessionHandle session = newSession("midway");
        String locator = sequenceOf(session) + "/x";
        UUID uuid = newTopic(session, "x");
        Flight.FlightData first;
        Flight.FlightData second;
        try (VectorSchemaRoot a = SampleTopic.batch(client.allocator(), 1, 2, 3);
             VectorSchemaRoot b = SampleTopic.batch(client.allocator(), 4, 5)) {
            first = RawFlight.batch(a);
            second = RawFlight.batch(b);
        }
        Flight.FlightData corrupt = second.toBuilder()
                .setDataBody(second.getDataBody().substring(0, 8)).build(); // buffers beyond the body
        RawFlight.Outcome outcome = raw.doPut(List.of(
                RawFlight.schema(SampleTopic.SCHEMA, RawFlight.putCommand(locator, uuid)), first, second, corrupt,
                first));
        assertThat(outcome.status().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        Topic topic = catalog().findTopicByLocator(locator).orElseThrow();
        assertThat(topic.isUploadComplete()).isFalse();
        List<Chunk> chunks = StoredChunks.assertEveryRowHasItsFile(catalog(), backend.store(), topic.id());
        assertThat(chunks).extracting(Chunk::rowCount).containsExactly(3L, 2L);
        assertThat(dataObjects(topic)).isEqualTo(chunks.stream().map(Chunk::objectKey).collect(Collectors.toSet()));
    }

    /**
     * A header that contradicts its own body (rows a client never sent, null counts its bitmap denies, offsets
     * out of order) is refused before anything is stored; the same body with its true header is stored.
     */
    @Test
    void batchesThatContradictTheirBodyAreRefusedAndStoreNothing() throws Exception {
        SessionHandle session = newSession("forged");
        long[] timestamps = java.util.stream.LongStream.range(0, 1000).toArray();
        record Forgery(String name, long rows, UnaryOperator<List<ArrowFieldNode>> nodes,
                       BiConsumer<ByteBuffer, List<ArrowBuffer>> body) {
        }
        UnaryOperator<List<ArrowFieldNode>> trueNodes = nodes -> nodes;
        BiConsumer<ByteBuffer, List<ArrowBuffer>> trueBody = (body, layout) -> { };
        List<Forgery> forgeries = List.of(
                new Forgery("more rows than the body", 2000, trueNodes, trueBody),
                new Forgery("more rows and values than the body", 2000, nodes -> nodes.stream()
                        .map(n -> new ArrowFieldNode(2000, n.getNullCount())).toList(), trueBody),
                new Forgery("a negative row count", -5, nodes -> nodes.stream()
                        .map(n -> new ArrowFieldNode(-5, 0)).toList(), trueBody),
                new Forgery("a null count the bitmap denies", 1000, nodes -> replace(nodes, 1,
                        new ArrowFieldNode(1000, 1)), trueBody),
                new Forgery("every value declared null", 1000, nodes -> replace(nodes, 1,
                        new ArrowFieldNode(1000, 1000)), trueBody),
                new Forgery("a null count above the length", 1000, nodes -> replace(nodes, 2,
                        new ArrowFieldNode(1000, 1001)), trueBody),
                new Forgery("offsets going backwards", 1000, trueNodes, (body, layout) ->
                        body.putInt((int) layout.get(5).getOffset() + 4 * 500, 3)),
                new Forgery("offsets beyond the data", 1000, trueNodes, (body, layout) ->
                        body.putInt((int) layout.get(5).getOffset() + 4 * 1000, Integer.MAX_VALUE)));
        for (int i = 0; i < forgeries.size(); i++) {
            Forgery forgery = forgeries.get(i);
            String locator = sequenceOf(session) + "/f" + i;
            UUID uuid = newTopic(session, "f" + i);
            Flight.FlightData forged;
            try (VectorSchemaRoot batch = SampleTopic.batch(client.allocator(), timestamps)) {
                forged = RawFlight.forgedBatch(batch, forgery.rows(), forgery.nodes(), forgery.body());
            }
            RawFlight.Outcome outcome = raw.doPut(List.of(
                    RawFlight.schema(SampleTopic.SCHEMA, RawFlight.putCommand(locator, uuid)), forged));
            assertThat(outcome.status().getCode()).as(forgery.name()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(outcome.status().getDescription()).as(forgery.name()).contains("does not match its own body");
            assertThat(JavaNames.in(outcome.status().getDescription())).as(outcome.status().getDescription()).isEmpty();
            Topic topic = catalog().findTopicByLocator(locator).orElseThrow();
            assertThat(catalog().listChunks(topic.id())).as(forgery.name()).isEmpty();
            assertThat(dataObjects(topic)).as(forgery.name()).isEmpty();
        }
        String locator = sequenceOf(session) + "/true";
        UUID uuid = newTopic(session, "true");
        Flight.FlightData honest;
        try (VectorSchemaRoot batch = SampleTopic.batch(client.allocator(), timestamps)) {
            honest = RawFlight.forgedBatch(batch, timestamps.length, trueNodes, trueBody);
        }
        assertThat(raw.doPut(List.of(RawFlight.schema(SampleTopic.SCHEMA, RawFlight.putCommand(locator, uuid)),
                honest)).status().getCode()).isEqualTo(Status.Code.OK);
        Topic topic = catalog().findTopicByLocator(locator).orElseThrow();
        assertThat(catalog().listChunks(topic.id())).extracting(Chunk::rowCount).containsExactly(1000L);
    }

    private static List<ArrowFieldNode> replace(List<ArrowFieldNode> nodes, int index, ArrowFieldNode node) {
        List<ArrowFieldNode> forged = new java.util.ArrayList<>(nodes);
        forged.set(index, node);
        return forged;
    }

    @Test
    void aCancelledUploadKeepsOnlyWholeChunks() throws Exception {
        SessionHandle session = newSession("cancelled");
        String locator = sequenceOf(session) + "/x";
        UUID uuid = newTopic(session, "x");
        long topicId = catalog().findTopicByLocator(locator).orElseThrow().id();
        try (TopicUpload upload = client.upload(locator, uuid, SampleTopic.SCHEMA)) {
            for (int i = 0; i < 4; i++) {
                try (VectorSchemaRoot batch = SampleTopic.batch(client.allocator(), 10L * i, 10L * i + 1)) {
                    upload.put(batch);
                }
            }
            Eventually.await("the chunks", java.time.Duration.ofSeconds(20),
                    () -> catalog().listChunks(topicId).size() == 4);
            upload.abort("client crash");
        }
        // once the server has let go of the topic, a new upload finds the old chunks
        Eventually.await("the server to release the topic", java.time.Duration.ofSeconds(20), () -> {
            try {
                upload(locator, uuid);
                return false;
            } catch (MosaicoException e) {
                return e.serverMessage().contains("interrupted upload");
            }
        });
        Topic topic = catalog().findTopicByLocator(locator).orElseThrow();
        List<Chunk> chunks = StoredChunks.assertEveryRowHasItsFile(catalog(), backend.store(), topicId);
        assertThat(chunks).hasSize(4);
        assertThat(dataObjects(topic)).isEqualTo(chunks.stream().map(Chunk::objectKey).collect(Collectors.toSet()));
    }

    private Set<String> dataObjects(Topic topic) throws Exception {
        try (Stream<ObjectInfo> listing = backend.store().list(topic.folder() + "/data/")) {
            return listing.map(ObjectInfo::key).collect(Collectors.toSet());
        }
    }
}
