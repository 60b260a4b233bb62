package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.grpc.Status;
import io.mosaicod.client.SequenceInfo;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicEndpoint;
import io.mosaicod.client.TopicInfo;
import io.mosaicod.client.TopicReader;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Topic;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * The read path against PROTOCOL.md §5 over a real connection: ListFlights, the exact schema metadata and
 * {@code app_metadata} of GetFlightInfo for sequences and topics with and without a time range, and DoGet.
 */
abstract class ReadConformanceContract extends ServerFixture {
    private static final List<String> TOPIC_APP_METADATA = List.of("created_at_ns", "completed_at_ns", "locked",
            "resource_locator", "ontology_tag", "serialization_format", "user_metadata", "data_info",
            "time_window_info");

    /** A topic of three overlapping chunks, one unsorted: rows at 10..100 step 10, plus 55. */
    private String uploadedTopic(SessionHandle session, String path) {
        String locator = sequenceOf(session) + "/" + path;
        upload(locator, newTopic(session, path), new long[] {10, 20, 30, 40}, new long[] {70, 35, 55, 50, 60},
                new long[] {80, 90, 100});
        return locator;
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<Long> timestampsOf(TopicReader reader) {
        return Rows.timestamps(Rows.readAll(reader), 0);
    }

    // ------------------------------------------------------------------ ListFlights

    @Test
    void listFlightsNamesEverySequenceWithAPathDescriptorAndANameTicket() {
        SessionHandle session = newSession("listed");
        String sequence = sequenceOf(session);
        for (String criteria : List.of("", "/")) {
            FlightInfo info = client.listFlights(criteria).stream()
                    .filter(i -> i.getDescriptor().getPath().equals(List.of(sequence))).findFirst().orElseThrow();
            assertThat(info.getDescriptor().isCommand()).isFalse();
            assertThat(info.getSchemaOptional()).isEmpty();
            assertThat(info.getEndpoints()).hasSize(1);
            FlightEndpoint endpoint = info.getEndpoints().get(0);
            assertThat(endpoint.getLocations()).isEmpty();
            assertThat(new String(endpoint.getTicket().getBytes(), StandardCharsets.UTF_8)).isEqualTo(sequence);
        }
        assertThat(client.listSequences()).contains(sequence).doesNotHaveDuplicates();
        assertThat(client.listSequences()).hasSameSizeAs(catalog().listSequences());
    }

    @Test
    void listFlightsTakesNoOtherCriteria() {
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.listFlights("robot=1"));
    }

    // ------------------------------------------------------------------ GetFlightInfo: sequence

    @Test
    void aSequenceDescribesItsSessionsAndHasOneEndpointPerTopicOfEverySession() {
        SessionHandle done = newSession("seqinfo");
        String sequence = sequenceOf(done);
        uploadedTopic(done, "a1");
        uploadedTopic(done, "a2");
        client.finalizeSession(done.uuid());
        SessionHandle open = client.createSession(sequence);
        newTopic(open, "b1");

        SequenceInfo info = client.sequenceInfo(sequence);
        Schema schema = info.flightInfo().getSchema();
        assertThat(schema.getFields()).isEmpty();
        assertThat(schema.getCustomMetadata()).containsOnlyKeys("mosaico:context", "mosaico:user_metadata")
                .containsEntry("mosaico:context", "sequence")
                .containsEntry("mosaico:user_metadata", "{\"robot\":\"rover-1\"}");

        JsonNode app = info.appMetadata();
        assertThat(fieldNames(app)).containsExactlyInAnyOrder("created_at_ns", "resource_locator", "user_metadata",
                "sessions");
        assertThat(app.path("resource_locator").asText()).isEqualTo(sequence);
        assertThat(app.path("created_at_ns").isIntegralNumber()).isTrue();
        assertThat(app.path("user_metadata")).isEqualTo(metadata("robot", "rover-1"));
        JsonNode sessions = app.path("sessions");
        assertThat(sessions).hasSize(2);
        for (JsonNode s : sessions) {
            assertThat(fieldNames(s)).containsExactlyInAnyOrder("locator", "created_at_ns", "completed_at_ns",
                    "locked", "topics");
        }
        JsonNode first = sessions.get(0);
        JsonNode second = sessions.get(1);
        assertThat(first.path("locator").asText()).isEqualTo(done.locator());
        assertThat(first.path("locked").asBoolean()).isTrue();
        assertThat(first.path("completed_at_ns").isIntegralNumber()).isTrue();
        assertThat(first.path("topics")).extracting(JsonNode::asText)
                .containsExactlyInAnyOrder(sequence + "/a1", sequence + "/a2");
        assertThat(second.path("locator").asText()).isEqualTo(open.locator());
        assertThat(second.path("locked").asBoolean()).isFalse();
        assertThat(second.path("completed_at_ns").isNull()).isTrue();
        assertThat(second.path("topics")).extracting(JsonNode::asText).containsExactly(sequence + "/b1");

        assertThat(info.topics()).extracting(TopicEndpoint::locator)
                .containsExactlyInAnyOrder(sequence + "/a1", sequence + "/a2", sequence + "/b1");
        for (TopicEndpoint endpoint : info.topics()) {
            assertThat(endpoint.endpoint().getLocations()).isEmpty();
            assertThat(fieldNames(endpoint.appMetadata())).containsExactlyInAnyOrderElementsOf(TOPIC_APP_METADATA);
            assertThat(endpoint.appMetadata().path("time_window_info").isNull()).isTrue();
        }
    }

    @Test
    void theTicketsOfASequencesEndpointsStreamTheirTopics() {
        SessionHandle session = newSession("seqread");
        String x = uploadedTopic(session, "x");
        String y = uploadedTopic(session, "y");
        List<TopicEndpoint> endpoints = client.sequenceInfo(sequenceOf(session)).topics();
        assertThat(endpoints).extracting(TopicEndpoint::locator).containsExactlyInAnyOrder(x, y);
        for (TopicEndpoint endpoint : endpoints) {
            try (TopicReader reader = client.read(endpoint.ticket())) {
                assertThat(timestampsOf(reader)).as(endpoint.locator())
                        .containsExactly(10L, 20L, 30L, 35L, 40L, 50L, 55L, 60L, 70L, 80L, 90L, 100L);
            }
        }
    }

    // ------------------------------------------------------------------ GetFlightInfo: topic

    @Test
    void aTopicCarriesItsSchemaThePropertiesAndOneEndpoint() {
        SessionHandle session = newSession("topicinfo");
        String locator = uploadedTopic(session, "imu");
        Topic topic = catalog().findTopicByLocator(locator).orElseThrow();
        List<Chunk> chunks = catalog().listChunks(topic.id());

        TopicInfo info = client.topicInfo(locator);
        assertThat(info.schema().getFields()).isEqualTo(SampleTopic.SCHEMA.getFields());
        Map<String, String> metadata = info.schemaMetadata();
        assertThat(metadata).containsEntry("source", "sample").containsEntry("calibration", "v2")
                .containsEntry("mosaico:context", "topic")
                .containsEntry("mosaico:user_metadata", "{\"frame\":\"imu\"}");
        assertThat(info.properties().toString()).isEqualTo("{\"ontology_tag\":\"test\",\"serialization_format\":"
                + "\"default\",\"message_count\":12,\"timestamp_ns_min\":10,\"timestamp_ns_max\":100}");
        assertThat(info.flightInfo().getEndpoints()).hasSize(1);
        assertThat(info.endpoint().endpoint().getLocations()).isEmpty();

        JsonNode app = info.endpoint().appMetadata();
        assertThat(fieldNames(app)).containsExactlyInAnyOrderElementsOf(TOPIC_APP_METADATA);
        assertThat(app.path("resource_locator").asText()).isEqualTo(locator);
        assertThat(app.path("ontology_tag").asText()).isEqualTo("test");
        assertThat(app.path("serialization_format").asText()).isEqualTo("default");
        assertThat(app.path("user_metadata")).isEqualTo(metadata("frame", "imu"));
        assertThat(app.path("locked").asBoolean()).isFalse();
        assertThat(app.path("completed_at_ns").isNull()).isTrue();
        assertThat(app.path("time_window_info").isNull()).isTrue();
        assertThat(app.path("data_info").toString()).isEqualTo("{\"interval\":{\"start_ns\":10,\"end_ns\":100},"
                + "\"total_row_count\":12,\"total_bytes\":" + chunks.stream().mapToLong(Chunk::sizeBytes).sum()
                + ",\"total_chunks_count\":3}");

        client.finalizeSession(session.uuid());
        JsonNode locked = client.topicInfo(locator).endpoint().appMetadata();
        assertThat(locked.path("locked").asBoolean()).isTrue();
        long finalizedNs = catalog().findSession(session.uuid()).orElseThrow().completedAt().orElseThrow()
                .toEpochMilli() * 1_000_000;
        assertThat(locked.path("completed_at_ns").asLong() / 1_000_000 * 1_000_000).isEqualTo(finalizedNs);
    }

    @Test
    void userMetadataIsNeverNull() {
        SessionHandle session = newSession("nometa");
        String locator = sequenceOf(session) + "/bare";
        UUID uuid = client.createTopic(session.uuid(), new TopicSpec(locator, "ragged", "points",
                JSON.createObjectNode()));
        upload(locator, uuid, new long[] {1});
        TopicInfo info = client.topicInfo(locator);
        assertThat(info.endpoint().appMetadata().path("user_metadata").toString()).isEqualTo("{}");
        assertThat(info.schemaMetadata()).containsEntry("mosaico:user_metadata", "{}");
        String bareSequence = uniqueName("nometa");
        client.rawAction("sequence_create", ("{\"locator\":\"" + bareSequence + "\"}").getBytes(StandardCharsets.UTF_8));
        assertThat(client.sequenceInfo(bareSequence).appMetadata().path("user_metadata").toString()).isEqualTo("{}");
    }

    @Test
    void aTopicBeforeItsUploadHasNoSchemaAndNoData() {
        SessionHandle session = newSession("empty");
        String locator = sequenceOf(session) + "/later";
        newTopic(session, "later");
        TopicInfo info = client.topicInfo(locator);
        assertThat(info.schema().getFields()).isEmpty();
        assertThat(info.properties().toString()).isEqualTo("{\"ontology_tag\":\"test\",\"serialization_format\":"
                + "\"default\"}");
        assertThat(info.endpoint().appMetadata().path("data_info").toString()).isEqualTo(
                "{\"interval\":null,\"total_row_count\":0,\"total_bytes\":0,\"total_chunks_count\":0}");
        JsonNode window = client.topicInfo(locator, 0L, 10L).endpoint().appMetadata().path("time_window_info");
        assertThat(window.toString()).isEqualTo("{\"interval\":null,\"row_count\":0}");
    }

    @Test
    void aTimeRangeAddsTheStatisticsOfItsHalfOpenWindow() {
        SessionHandle session = newSession("window");
        String locator = uploadedTopic(session, "imu");
        record Case(Long start, Long end, String window, long count) {
        }
        for (Case c : List.of(
                new Case(20L, 60L, "{\"interval\":{\"start_ns\":20,\"end_ns\":55},\"row_count\":6}", 6),
                new Case(55L, null, "{\"interval\":{\"start_ns\":55,\"end_ns\":100},\"row_count\":6}", 6),
                new Case(null, 35L, "{\"interval\":{\"start_ns\":10,\"end_ns\":30},\"row_count\":3}", 3),
                new Case(100L, 101L, "{\"interval\":{\"start_ns\":100,\"end_ns\":100},\"row_count\":1}", 1),
                new Case(41L, 50L, "{\"interval\":null,\"row_count\":0}", 0),
                new Case(1000L, 2000L, "{\"interval\":null,\"row_count\":0}", 0))) {
            TopicInfo info = client.topicInfo(locator, c.start(), c.end());
            JsonNode app = info.endpoint().appMetadata();
            assertThat(app.path("time_window_info").toString()).as("%s..%s", c.start(), c.end()).isEqualTo(c.window());
            assertThat(app.path("data_info").path("total_row_count").asLong()).isEqualTo(12);
            assertThat(info.properties().path("message_count").asLong(0)).isEqualTo(c.count());
            try (TopicReader reader = client.read(info.endpoint().ticket())) {
                assertThat(reader.schema().getCustomMetadata().get("mosaico:properties"))
                        .isEqualTo(info.schemaMetadata().get("mosaico:properties"));
                List<Long> rows = timestampsOf(reader);
                assertThat(rows).hasSize((int) c.count()).isSorted();
                rows.forEach(ts -> assertThat(ts).isBetween(c.start() == null ? Long.MIN_VALUE : c.start(),
                        c.end() == null ? Long.MAX_VALUE : c.end() - 1));
            }
        }
    }

    @Test
    void malformedFlightInfoRequestsAreBadRequestsAndUnknownOnesNotFound() {
        SessionHandle session = newSession("badinfo");
        String sequence = sequenceOf(session);
        String locator = uploadedTopic(session, "x");
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.flightInfo(FlightDescriptor.path(sequence)));
        assertRefused(Status.Code.INVALID_ARGUMENT,
                () -> client.flightInfo(FlightDescriptor.command("nope".getBytes(StandardCharsets.UTF_8))));
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.flightInfo(FlightDescriptor.command(
                "{\"timestamp_ns_start\":1}".getBytes(StandardCharsets.UTF_8))));
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.topicInfo(locator, 50L, 50L));
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.topicInfo(locator, 60L, 50L));
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.flightInfo(session.locator(), null, null));
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.flightInfo(sequence + "//x", null, null));
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.flightInfo("bad.name", null, null));
        assertRefused(Status.Code.NOT_FOUND, () -> client.flightInfo(uniqueName("ghost"), null, null));
        assertRefused(Status.Code.NOT_FOUND, () -> client.flightInfo(sequence + "/ghost", null, null));
    }

    // ------------------------------------------------------------------ DoGet

    @Test
    void doGetStreamsEveryRowInTimeOrderWithTheSchemaSent() {
        SessionHandle session = newSession("doget");
        String locator = uploadedTopic(session, "imu");
        try (TopicReader reader = client.read(locator, null, null)) {
            assertThat(reader.schema().getFields()).isEqualTo(SampleTopic.SCHEMA.getFields());
            assertThat(reader.schema().getCustomMetadata()).containsEntry("source", "sample")
                    .containsEntry("mosaico:context", "topic");
            List<List<Object>> rows = Rows.readAll(reader);
            List<List<Object>> expected = new ArrayList<>();
            for (long ts : new long[] {10, 20, 30, 35, 40, 50, 55, 60, 70, 80, 90, 100}) {
                expected.add(SampleTopic.row(ts));
            }
            assertThat(rows).isEqualTo(expected);
        }
    }

    @Test
    void nullTimestampsComeLastAndFallOutsideEveryRange() {
        SessionHandle session = newSession("nulls");
        String locator = sequenceOf(session) + "/gaps";
        Schema nullable = new Schema(List.of(Field.nullable("timestamp_ns", new ArrowType.Int(64, true))));
        try (TopicUpload upload = client.upload(locator, newTopic(session, "gaps"), nullable);
             VectorSchemaRoot batch = VectorSchemaRoot.create(nullable, client.allocator())) {
            BigIntVector ts = (BigIntVector) batch.getVector(0);
            ts.allocateNew();
            ts.setNull(0);
            ts.setSafe(1, 30);
            ts.setSafe(2, 10);
            batch.setRowCount(3);
            upload.put(batch);
            ts.setSafe(0, 20);
            ts.setNull(1);
            batch.setRowCount(2);
            upload.put(batch);
            upload.complete();
        }
        try (TopicReader reader = client.read(locator, null, null)) {
            assertThat(Rows.readAll(reader)).extracting(row -> row.get(0))
                    .containsExactly(10L, 20L, 30L, null, null);
        }
        TopicInfo window = client.topicInfo(locator, 0L, 100L);
        assertThat(window.endpoint().appMetadata().path("time_window_info").toString())
                .isEqualTo("{\"interval\":{\"start_ns\":10,\"end_ns\":30},\"row_count\":3}");
        try (TopicReader reader = client.read(window.endpoint().ticket())) {
            assertThat(timestampsOf(reader)).containsExactly(10L, 20L, 30L);
        }
    }

    @Test
    void aTopicWithoutRowsStreamsOnlyItsSchema() {
        SessionHandle session = newSession("norows");
        String locator = sequenceOf(session) + "/quiet";
        upload(locator, newTopic(session, "quiet"));
        try (TopicReader reader = client.read(locator, null, null)) {
            assertThat(reader.schema().getFields()).isEqualTo(SampleTopic.SCHEMA.getFields());
            assertThat(reader.next()).isFalse();
        }
    }

    @Test
    void aTicketThatNamesNoTopicIsABadRequest() {
        SessionHandle session = newSession("ticket");
        String sequence = sequenceOf(session);
        for (byte[] ticket : List.of(sequence.getBytes(StandardCharsets.UTF_8), new byte[] {1, 2, 3},
                "{\"topic\":7}".getBytes(StandardCharsets.UTF_8))) {
            assertRefused(Status.Code.INVALID_ARGUMENT, () -> {
                try (TopicReader reader = client.read(new Ticket(ticket))) {
                    reader.next();
                }
            });
        }
        assertRefused(Status.Code.NOT_FOUND, () -> {
            try (TopicReader reader = client.read(new Ticket(("{\"topic\":\"" + sequence + "/none\"}")
                    .getBytes(StandardCharsets.UTF_8)))) {
                reader.next();
            }
        });
    }

    @Test
    void aFolderBrokenBehindTheServersBackIsAnInternalError() throws Exception {
        SessionHandle session = newSession("broken");
        String locator = uploadedTopic(session, "x");
        Topic topic = catalog().findTopicByLocator(locator).orElseThrow();
        backend.store().delete(topic.folder() + "/metadata.json");
        var refusal = assertRefused(Status.Code.INTERNAL, () -> client.topicInfo(locator));
        assertThat(refusal.serverMessage()).contains(locator);
    }
}
