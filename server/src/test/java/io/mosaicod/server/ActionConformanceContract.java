package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.grpc.Status;
import io.mosaicod.client.ActionReply;
import io.mosaicod.client.Notification;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.server.ingest.DoPutService;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * DoAction against PROTOCOL.md §1–§3 over a real Flight connection: one reply envelope per action naming the
 * same action, the response fields, and the status code of every refusal.
 */
abstract class ActionConformanceContract extends ServerFixture {
    private static final String ULID = "[0-9A-HJKMNP-TV-Z]{26}";
    private static final String UUID_TEXT = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    private ActionReply raw(String type, String body) {
        return client.rawAction(type, body.getBytes(StandardCharsets.UTF_8));
    }

    private ActionReply raw(String type, JsonNode body) {
        return raw(type, body.toString());
    }

    /** The reply's single envelope names the action; returns its response. */
    private JsonNode reply(String type, JsonNode body) {
        ActionReply reply = raw(type, body);
        assertThat(reply.results()).as("Result messages of %s", type).isEqualTo(1);
        assertThat(reply.action()).isEqualTo(type);
        return reply.response();
    }

    // ------------------------------------------------------------------ replies

    @Test
    void infoReportsTheVersionAndEveryNameOfTheMessageLimits() {
        JsonNode info = reply("info", JSON.createObjectNode());
        assertThat(info.path("version").asText()).isEqualTo("0.7.0");
        assertThat(info.path("semver").toString()).isEqualTo("{\"major\":0,\"minor\":7,\"patch\":0,\"pre\":\"\"}");
        long max = settings().maxDecodeMessageBytes();
        JsonNode config = info.path("config");
        for (String name : List.of("max_grpc_message_size", "max_grpc_decode_message_size",
                "grpc_max_decode_message_size", "max_grpc_encode_message_size", "grpc_max_encode_message_size")) {
            assertThat(config.path(name).asLong()).as(name).isEqualTo(max);
        }
        for (String name : List.of("target_message_size", "target_grpc_encode_message_size",
                "grpc_target_encode_message_size")) {
            assertThat(config.path(name).asLong()).as(name).isEqualTo(settings().targetEncodeMessageBytes());
        }
        assertThat(config.path("put_acknowledgement_window").asInt()).isEqualTo(DoPutService.WINDOW_BATCHES);
        assertThat(config.size()).isEqualTo(9);
    }

    @Test
    void infoAcceptsAnEmptyBodyToo() {
        assertThat(raw("info", "").response().path("version").asText()).isEqualTo("0.7.0");
    }

    @Test
    void versionIsTheAliasOlderClientsCall() {
        JsonNode version = reply("version", JSON.createObjectNode());
        assertThat(version.path("version").asText()).isEqualTo("0.7.0");
        assertThat(version.path("semver").path("minor").asInt()).isEqualTo(7);
        assertThat(version.has("config")).isFalse();
    }

    @Test
    void theSdkWriteSequenceGetsOneEnvelopePerActionWithTheDocumentedResponses() {
        String sequence = uniqueName("sdk");
        ObjectNode create = JSON.createObjectNode().put("locator", sequence);
        create.putObject("user_metadata").put("driver", "ada").putObject("vehicle").put("model", "rover");
        assertThat(reply("sequence_create", create).isNull()).isTrue();

        JsonNode session = reply("session_create", JSON.createObjectNode().put("locator", sequence));
        assertThat(fieldNames(session)).containsExactlyInAnyOrder("uuid", "locator");
        assertThat(session.path("uuid").asText()).matches(UUID_TEXT);
        assertThat(session.path("locator").asText()).matches(sequence + ":" + ULID);

        ObjectNode topic = JSON.createObjectNode().put("locator", sequence + "/sensors/imu")
                .put("session_uuid", session.path("uuid").asText()).put("serialization_format", "default")
                .put("ontology_tag", "imu");
        topic.putObject("user_metadata").put("rate", 200);
        JsonNode created = reply("topic_create", topic);
        assertThat(fieldNames(created)).containsExactly("uuid");
        assertThat(created.path("uuid").asText()).matches(UUID_TEXT);

        upload(sequence + "/sensors/imu", UUID.fromString(created.path("uuid").asText()), new long[] {1, 2, 3});
        assertThat(reply("session_finalize", JSON.createObjectNode()
                .put("session_uuid", session.path("uuid").asText())).isNull()).isTrue();
        assertThat(catalog().findTopicByLocator(sequence + "/sensors/imu").orElseThrow().locked()).isTrue();
    }

    @Test
    void severalSessionsOfOneSequenceMayBeOpenAtOnce() {
        SessionHandle first = newSession("sessions");
        SessionHandle second = client.createSession(sequenceOf(first));
        assertThat(second.uuid()).isNotEqualTo(first.uuid());
        upload(sequenceOf(first) + "/a", newTopic(first, "a"), new long[] {1});
        upload(sequenceOf(first) + "/b", newTopic(second, "b"), new long[] {2});
        client.finalizeSession(second.uuid());
        client.finalizeSession(first.uuid());
        assertThat(catalog().findSession(first.uuid()).orElseThrow().isFinalized()).isTrue();
    }

    @Test
    void notificationsOfSequencesAndTopicsAreCreatedListedAndPurged() {
        SessionHandle session = newSession("notify");
        String sequence = sequenceOf(session);
        String topic = sequence + "/camera";
        newTopic(session, "camera");
        reply("sequence_notification_create", JSON.createObjectNode().put("locator", sequence)
                .put("notification_type", "error").put("msg", "upload failed"));
        reply("topic_notification_create", JSON.createObjectNode().put("locator", topic)
                .put("notification_type", "error").put("msg", "bad frame"));

        JsonNode list = reply("sequence_notification_list", JSON.createObjectNode().put("locator", sequence));
        assertThat(fieldNames(list)).containsExactly("notifications");
        JsonNode item = list.path("notifications").get(0);
        assertThat(fieldNames(item)).containsExactlyInAnyOrder("name", "notification_type", "msg", "created_datetime");
        assertThat(item.path("name").asText()).isEqualTo(sequence);
        assertThat(item.path("notification_type").asText()).isEqualTo("error");
        assertThat(item.path("msg").asText()).isEqualTo("upload failed");
        assertThat(item.path("created_datetime").asText()).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3} UTC");
        assertThat(client.topicNotifications(topic)).extracting(Notification::message).containsExactly("bad frame");

        assertThat(reply("sequence_notification_purge", JSON.createObjectNode().put("locator", sequence)).isNull())
                .isTrue();
        assertThat(client.sequenceNotifications(sequence)).isEmpty();
        assertThat(client.topicNotifications(topic)).hasSize(1);
        client.purgeTopicNotifications(topic);
        assertThat(client.topicNotifications(topic)).isEmpty();
    }

    @Test
    void sessionDeleteAcceptsTheLocatorOrTheUuid() {
        SessionHandle byLocator = newSession("delete");
        SessionHandle byUuid = client.createSession(sequenceOf(byLocator));
        newTopic(byLocator, "gone");
        assertThat(reply("session_delete", JSON.createObjectNode().put("locator", byLocator.locator())).isNull())
                .isTrue();
        assertThat(reply("session_delete", JSON.createObjectNode().put("session_uuid", byUuid.uuid().toString()))
                .isNull()).isTrue();
        assertThat(catalog().findSession(byLocator.uuid())).isEmpty();
        assertThat(catalog().findSession(byUuid.uuid())).isEmpty();
        assertThat(catalog().findTopicByLocator(sequenceOf(byLocator) + "/gone")).isEmpty();
        // the topic's locator is free again
        SessionHandle again = client.createSession(sequenceOf(byLocator));
        newTopic(again, "gone");
    }

    @Test
    void sequenceAndTopicDeleteRemoveThemAndWhatTheyHold() {
        SessionHandle session = newSession("remove");
        String sequence = sequenceOf(session);
        upload(sequence + "/kept", newTopic(session, "kept"), new long[] {1});
        newTopic(session, "dropped");
        assertThat(reply("topic_delete", JSON.createObjectNode().put("locator", sequence + "/dropped")).isNull())
                .isTrue();
        assertThat(catalog().findTopicByLocator(sequence + "/dropped")).isEmpty();
        assertThat(catalog().findTopicByLocator(sequence + "/kept")).isPresent();
        assertThat(reply("sequence_delete", JSON.createObjectNode().put("locator", sequence)).isNull()).isTrue();
        assertThat(catalog().findSequence(sequence)).isEmpty();
        assertThat(catalog().findTopicByLocator(sequence + "/kept")).isEmpty();
        assertThat(client.listSequences()).doesNotContain(sequence);
    }

    // ------------------------------------------------------------------ NOT_FOUND

    @Test
    void unknownSequencesTopicsSessionsAndUuidsAreNotFound() {
        String ghost = uniqueName("ghost");
        String uuid = UUID.randomUUID().toString();
        for (String[] call : new String[][] {
            {"sequence_delete", "{\"locator\":\"" + ghost + "\"}"},
            {"session_create", "{\"locator\":\"" + ghost + "\"}"},
            {"sequence_notification_create", "{\"locator\":\"" + ghost + "\",\"notification_type\":\"error\","
                    + "\"msg\":\"x\"}"},
            {"sequence_notification_list", "{\"locator\":\"" + ghost + "\"}"},
            {"sequence_notification_purge", "{\"locator\":\"" + ghost + "\"}"},
            {"topic_delete", "{\"locator\":\"" + ghost + "/imu\"}"},
            {"topic_notification_list", "{\"locator\":\"" + ghost + "/imu\"}"},
            {"topic_notification_create", "{\"locator\":\"" + ghost + "/imu\",\"notification_type\":\"error\","
                    + "\"msg\":\"x\"}"},
            {"topic_notification_purge", "{\"locator\":\"" + ghost + "/imu\"}"},
            {"session_finalize", "{\"session_uuid\":\"" + uuid + "\"}"},
            {"session_delete", "{\"session_uuid\":\"" + uuid + "\"}"},
            {"session_delete", "{\"locator\":\"" + ghost + ":01J0000000000000000000000A\"}"},
            {"topic_create", "{\"locator\":\"" + ghost + "/imu\",\"session_uuid\":\"" + uuid + "\","
                    + "\"serialization_format\":\"default\",\"ontology_tag\":\"imu\",\"user_metadata\":{}}"},
        }) {
            var refusal = assertRefused(Status.Code.NOT_FOUND, () -> raw(call[0], call[1]));
            assertThat(refusal.serverMessage()).as(call[0]).endsWith("not found.");
        }
    }

    // ------------------------------------------------------------------ ALREADY_EXISTS

    @Test
    void aDuplicateSequenceAlreadyExists() {
        SessionHandle session = newSession("dup");
        var refusal = assertRefused(Status.Code.ALREADY_EXISTS,
                () -> client.createSequence(sequenceOf(session), metadata("again", "yes")));
        assertThat(refusal.serverMessage()).isEqualTo("Sequence `" + sequenceOf(session) + "` already exists.");
    }

    @Test
    void aTopicLocatorExistsOnceAcrossAllSessions() {
        SessionHandle first = newSession("duptopic");
        newTopic(first, "lidar");
        assertRefused(Status.Code.ALREADY_EXISTS, () -> newTopic(first, "lidar"));
        SessionHandle second = client.createSession(sequenceOf(first));
        var refusal = assertRefused(Status.Code.ALREADY_EXISTS, () -> newTopic(second, "lidar"));
        assertThat(refusal.serverMessage()).endsWith("already exists.");
    }

    // ------------------------------------------------------------------ INVALID_ARGUMENT

    @Test
    void anUnknownActionIsABadRequestNamingIt() {
        var refusal = assertRefused(Status.Code.INVALID_ARGUMENT, () -> raw("sequence_frobnicate", "{}"));
        assertThat(refusal.serverMessage())
                .isEqualTo("Bad request: no available action for string `sequence_frobnicate`.");
    }

    @Test
    void aBodyThatIsNotJsonIsADeserializationError() {
        var refusal = assertRefused(Status.Code.INVALID_ARGUMENT, () -> raw("sequence_create", "{locator: nope"));
        assertThat(refusal.serverMessage()).isEqualTo("Bad request: body deserialization error.");
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> raw("info", "[1, 2]"));
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> raw("session_create", "{}"));
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> raw("session_create", "{\"locator\": 7}"));
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> raw("session_delete", "{}"));
    }

    @Test
    void sequenceNamesFollowTheLocatorRules() {
        for (String bad : List.of("", "a.b", "a b", "a/b", "a:b", "a!b", "a\"b", "a'b", "a*b", "a$b", "a%b", "a&b",
                "caf\u00e9", "\u00a3")) {
            assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.createSequence(bad, metadata("k", "v")));
        }
        String good = uniqueName("Ok-Name_With-Dashes");
        client.createSequence(good, metadata("k", "v"));
        assertThat(catalog().findSequence(good)).isPresent();
    }

    @Test
    void topicPathsFollowTheLocatorRules() {
        SessionHandle session = newSession("paths");
        String sequence = sequenceOf(session);
        for (String bad : List.of(sequence, sequence + "/", sequence + "//a", sequence + "/a//b", sequence + "/a/",
                sequence + "//", sequence + "/a:b", sequence + "/a.b", sequence + "/a b", sequence + "/a*b")) {
            assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.createTopic(session.uuid(),
                    new TopicSpec(bad, "default", "x", JSON.createObjectNode())));
        }
        client.createTopic(session.uuid(), new TopicSpec(sequence + "/deep/nested/path_1-2", "default", "x",
                JSON.createObjectNode()));
    }

    @Test
    void userMetadataKeysFollowTheRulesAtEveryDepth() {
        for (String bad : List.of("{\"bad--key\":1}", "{\"\":1}", "{\"a.b\":1}", "{\"ok\":{\"x/y\":1}}",
                "{\"ok\":[{\"fine\":1},{\"no--pe\":2}]}", "{\"\u00e9\":1}", "[1,2]", "\"text\"", "3")) {
            String body = "{\"locator\":\"" + uniqueName("meta") + "\",\"user_metadata\":" + bad + "}";
            assertRefused(Status.Code.INVALID_ARGUMENT, () -> raw("sequence_create", body));
        }
        String fine = uniqueName("meta");
        raw("sequence_create", "{\"locator\":\"" + fine + "\",\"user_metadata\":{\"Key 1\":{\"nested_key-2\":"
                + "[{\"deep\":true}]},\"n\":null}}");
        assertThat(client.sequenceInfo(fine).userMetadata().toString())
                .isEqualTo("{\"Key 1\":{\"nested_key-2\":[{\"deep\":true}]},\"n\":null}");
    }

    @Test
    void malformedUuidsAreBadRequests() {
        for (String bad : List.of("not-a-uuid", "1-1-1-1-1", "", "0000000000000000000000000000000000")) {
            assertRefused(Status.Code.INVALID_ARGUMENT,
                    () -> raw("session_finalize", "{\"session_uuid\":\"" + bad + "\"}"));
        }
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> raw("session_delete", "{\"locator\":\"seq:notaulid\"}"));
    }

    @Test
    void topicsDeclareAKnownFormatInTheirSessionsSequence() {
        SessionHandle session = newSession("format");
        String sequence = sequenceOf(session);
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.createTopic(session.uuid(),
                new TopicSpec(sequence + "/x", "avro", "x", JSON.createObjectNode())));
        SessionHandle other = newSession("format");
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.createTopic(other.uuid(),
                new TopicSpec(sequence + "/y", "default", "x", JSON.createObjectNode())));
        for (String format : List.of("default", "ragged", "image")) {
            client.createTopic(session.uuid(), new TopicSpec(sequence + "/" + format, format, "x",
                    JSON.createObjectNode()));
        }
    }

    @Test
    void errorIsTheOnlyNotificationType() {
        SessionHandle session = newSession("ntype");
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> raw("sequence_notification_create",
                "{\"locator\":\"" + sequenceOf(session) + "\",\"notification_type\":\"warning\",\"msg\":\"x\"}"));
    }

    // ------------------------------------------------------------------ FAILED_PRECONDITION

    @Test
    void anEmptySessionCannotBeFinalized() {
        SessionHandle session = newSession("empty");
        var refusal = assertRefused(Status.Code.FAILED_PRECONDITION, () -> client.finalizeSession(session.uuid()));
        assertThat(refusal.serverMessage()).contains(session.locator());
    }

    @Test
    void aSessionWithATopicThatNeverCompletedAnUploadCannotBeFinalized() {
        SessionHandle session = newSession("pending");
        upload(sequenceOf(session) + "/done", newTopic(session, "done"), new long[] {1});
        newTopic(session, "never");
        var refusal = assertRefused(Status.Code.FAILED_PRECONDITION, () -> client.finalizeSession(session.uuid()));
        assertThat(refusal.serverMessage()).contains(sequenceOf(session) + "/never");
        assertThat(catalog().findSession(session.uuid()).orElseThrow().isFinalized()).isFalse();
    }

    @Test
    void aFinalizedSessionCannotBeFinalizedAgainNorTakeNewTopics() {
        SessionHandle session = newSession("twice");
        upload(sequenceOf(session) + "/a", newTopic(session, "a"), new long[] {1});
        client.finalizeSession(session.uuid());
        assertRefused(Status.Code.FAILED_PRECONDITION, () -> client.finalizeSession(session.uuid()));
        assertRefused(Status.Code.FAILED_PRECONDITION, () -> newTopic(session, "late"));
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
