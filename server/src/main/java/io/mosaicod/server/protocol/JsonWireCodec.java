package io.mosaicod.server.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mosaicod.core.ClientText;
import io.mosaicod.core.RequestJson;
import io.mosaicod.core.search.BadFilterException;
import io.mosaicod.core.search.SearchFilter;
import io.mosaicod.core.search.SearchFilterParser;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON encoding of mosaicod 0.3–0.7 (PROTOCOL.md §3–§5). Field names are the upstream ones; unknown
 * fields in requests are ignored, so newer clients that send more still work.
 */
public final class JsonWireCodec implements WireCodec {
    /**
     * The most topics one intersection walks: each holds its next chunks' matches while the walk goes on, outside
     * the query memory pool, so a request naming one topic thousands of times could take the heap.
     */
    static final int MAX_INTERSECTED_TOPICS = 256;
    /** Notification times as upstream renders them: {@code 2026-03-01 12:00:00.123 UTC}. */
    static final DateTimeFormatter NOTIFICATION_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS 'UTC'").withZone(ZoneOffset.UTC);
    private static final String DESERIALIZATION_ERROR = "body deserialization error";

    /** Longest notification message. */
    public static final int MAX_MESSAGE_CHARS = 16 * 1024;
    /** Longest ontology tag or serialization format name. */
    public static final int MAX_NAME_CHARS = 256;

    private final ObjectMapper json = JsonMapper.builder(RequestJson.factory())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // filter operands compare exactly with int64 / uint64 columns: a fraction must not pass through a double
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    // ---------------------------------------------------------------- action requests

    @Override
    public void decodeNoArguments(byte[] body) {
        object(body);
    }

    @Override
    public ActionRequest.SequenceCreate decodeSequenceCreate(byte[] body) {
        JsonNode request = object(body);
        return new ActionRequest.SequenceCreate(requiredText(request, "locator"),
                UserMetadata.of(request.get("user_metadata")));
    }

    @Override
    public SearchFilter decodeQuery(byte[] body) {
        try {
            return SearchFilterParser.parse(body);
        } catch (BadFilterException e) {
            throw new ProtocolException(ErrorCode.INVALID_ARGUMENT, e.getMessage(), e);
        }
    }

    @Override
    public ActionRequest.Clusterize decodeClusterize(byte[] body) {
        return clusterize(object(body));
    }

    @Override
    public ActionRequest.Intersect decodeIntersect(byte[] body) {
        JsonNode request = object(body);
        JsonNode topics = request.get("topics");
        if (topics == null || !topics.isArray() || topics.size() < 2) {
            throw ProtocolException.badRequest("an intersection needs `topics`, an array of at least two clusterize "
                    + "requests");
        }
        if (topics.size() > MAX_INTERSECTED_TOPICS) {
            throw ProtocolException.badRequest("an intersection takes at most " + MAX_INTERSECTED_TOPICS
                    + " topics, got " + topics.size());
        }
        List<ActionRequest.Clusterize> requests = new ArrayList<>();
        for (JsonNode topic : topics) {
            if (!topic.isObject()) {
                throw ProtocolException.badRequest(DESERIALIZATION_ERROR + " (each of `topics` must be an object)");
            }
            requests.add(clusterize(topic));
        }
        String sequence = sequenceOf(requests.get(0).locator());
        for (ActionRequest.Clusterize r : requests) {
            if (!sequenceOf(r.locator()).equals(sequence)) {
                throw ProtocolException.badRequest("the topics of an intersection must be of one sequence: `"
                        + ClientText.quote(r.locator()) + "` is not in `" + ClientText.quote(sequence) + "`");
            }
        }
        return new ActionRequest.Intersect(requests, unsignedNanos(request, "intersect_dt_ns"));
    }

    private static ActionRequest.Clusterize clusterize(JsonNode request) {
        String locator = requiredText(request, "locator");
        long dt = unsignedNanos(request, "clustering_dt_ns");
        JsonNode ontology = request.get("ontology");
        if (ontology == null || !ontology.isObject() || ontology.isEmpty()) {
            throw ProtocolException.badRequest("the `ontology` filter of `" + ClientText.quote(locator)
                    + "` must name at least one condition");
        }
        List<SearchFilter.OntologyCondition> conditions;
        try {
            conditions = SearchFilterParser.parseOntology(ontology);
        } catch (BadFilterException e) {
            throw new ProtocolException(ErrorCode.INVALID_ARGUMENT, e.getMessage(), e);
        }
        JsonNode range = request.get("timestamp_range");
        TimeRange within = TimeRange.ALL;
        if (range != null && !range.isNull()) {
            if (!range.isObject() || optionalLong(range, "start_ns") == null || optionalLong(range, "end_ns") == null) {
                throw ProtocolException.badRequest(DESERIALIZATION_ERROR
                        + " (`timestamp_range` must be null or hold `start_ns` and `end_ns`)");
            }
            within = new TimeRange(optionalLong(range, "start_ns"), optionalLong(range, "end_ns"));
        }
        return new ActionRequest.Clusterize(locator, dt, conditions, within);
    }

    /** The part of a topic locator before its first {@code /}. */
    private static String sequenceOf(String locator) {
        int slash = locator.indexOf('/');
        return slash < 0 ? locator : locator.substring(0, slash);
    }

    /** A required u64 of nanoseconds; beyond the int64 range it is as good as infinite, and kept as its maximum. */
    private static long unsignedNanos(JsonNode request, String field) {
        JsonNode value = request.get(field);
        if (value == null || !value.isIntegralNumber() || value.bigIntegerValue().signum() < 0) {
            throw ProtocolException.badRequest(DESERIALIZATION_ERROR + " (field `" + field
                    + "` must be a non-negative integer)");
        }
        return value.canConvertToLong() ? value.longValue() : Long.MAX_VALUE;
    }

    @Override
    public ActionRequest.ByLocator decodeByLocator(byte[] body) {
        return new ActionRequest.ByLocator(requiredText(object(body), "locator"));
    }

    @Override
    public ActionRequest.SessionFinalize decodeSessionFinalize(byte[] body) {
        return new ActionRequest.SessionFinalize(requiredText(object(body), "session_uuid"));
    }

    @Override
    public ActionRequest.SessionDelete decodeSessionDelete(byte[] body) {
        JsonNode request = object(body);
        String uuid = optionalText(request, "session_uuid");
        if (uuid != null) { // the capability token wins if a client sends both
            return new ActionRequest.SessionDelete(null, uuid);
        }
        String locator = optionalText(request, "locator");
        if (locator == null) {
            throw ProtocolException.badRequest(DESERIALIZATION_ERROR + " (expected `locator` or `session_uuid`)");
        }
        return new ActionRequest.SessionDelete(locator, null);
    }

    @Override
    public ActionRequest.TopicCreate decodeTopicCreate(byte[] body) {
        JsonNode request = object(body);
        String format = textOrDefault(request, "serialization_format", "default", MAX_NAME_CHARS);
        String tag = textOrDefault(request, "ontology_tag", "", MAX_NAME_CHARS);
        return new ActionRequest.TopicCreate(requiredText(request, "locator"), requiredText(request, "session_uuid"),
                format, tag, UserMetadata.of(request.get("user_metadata")));
    }

    @Override
    public ActionRequest.NotificationCreate decodeNotificationCreate(byte[] body) {
        JsonNode request = object(body);
        return new ActionRequest.NotificationCreate(requiredText(request, "locator"),
                requiredText(request, "notification_type"), textOrDefault(request, "msg", "", MAX_MESSAGE_CHARS));
    }

    // ---------------------------------------------------------------- action replies

    @Override
    public byte[] encodeReply(ActionName action, ActionResponse response) {
        ObjectNode envelope = json.createObjectNode();
        envelope.put("action", action.wireName());
        envelope.set("response", payload(response));
        return bytes(envelope);
    }

    private JsonNode payload(ActionResponse response) {
        if (response instanceof ActionResponse.None) {
            return json.nullNode();
        }
        if (response instanceof ActionResponse.VersionReply v) {
            return versionObject(v.version());
        }
        if (response instanceof ActionResponse.InfoReply info) {
            ObjectNode out = versionObject(info.version());
            ObjectNode config = out.putObject("config");
            // every name a client has used for the limits (PROTOCOL.md §3)
            config.put("max_grpc_message_size", info.maxDecodeMessageBytes());
            config.put("target_message_size", info.targetEncodeMessageBytes());
            config.put("max_grpc_decode_message_size", info.maxDecodeMessageBytes());
            config.put("max_grpc_encode_message_size", info.maxEncodeMessageBytes());
            config.put("target_grpc_encode_message_size", info.targetEncodeMessageBytes());
            config.put("grpc_max_decode_message_size", info.maxDecodeMessageBytes());
            config.put("grpc_max_encode_message_size", info.maxEncodeMessageBytes());
            config.put("grpc_target_encode_message_size", info.targetEncodeMessageBytes());
            // this server's own: it acknowledges numbered batches, and receives this many ahead (docs/protocol.md)
            config.put("put_acknowledgement_window", info.putAcknowledgementWindow());
            return out;
        }
        if (response instanceof ActionResponse.SessionCreated created) {
            ObjectNode out = json.createObjectNode();
            out.put("uuid", created.uuid());
            out.put("locator", created.locator());
            return out;
        }
        if (response instanceof ActionResponse.TopicCreated created) {
            ObjectNode out = json.createObjectNode();
            out.put("uuid", created.uuid());
            return out;
        }
        if (response instanceof ActionResponse.QueryReply query) {
            ObjectNode out = json.createObjectNode();
            ArrayNode items = out.putArray("items");
            for (ActionResponse.QueryItem found : query.items()) {
                ObjectNode item = items.addObject();
                item.put("sequence", found.sequence());
                ArrayNode topics = item.putArray("topics");
                for (ActionResponse.QueryTopic topic : found.topics()) {
                    ObjectNode match = topics.addObject().put("locator", topic.locator())
                            .put("ontology_tag", topic.ontologyTag());
                    if (topic.timestampRange() != null) {
                        // 0.5's shape: a pair, not the {"start_ns","end_ns"} object of the cluster actions
                        match.putArray("timestamp_range").add(topic.timestampRange().startNs())
                                .add(topic.timestampRange().endNs());
                    }
                }
            }
            return out;
        }
        if (response instanceof ActionResponse.ClusterReply cluster) {
            ObjectNode out = json.createObjectNode();
            out.set("ts", interval(cluster.interval()));
            out.put("id", cluster.id());
            return out;
        }
        if (response instanceof ActionResponse.NotificationList list) {
            ObjectNode out = json.createObjectNode();
            ArrayNode items = out.putArray("notifications");
            for (ActionResponse.NotificationItem n : list.notifications()) {
                ObjectNode item = items.addObject();
                item.put("name", n.name());
                item.put("notification_type", n.notificationType());
                item.put("msg", n.message());
                item.put("created_datetime", NOTIFICATION_TIME.format(Instant.ofEpochMilli(n.createdAtEpochMillis())));
            }
            return out;
        }
        throw new IllegalArgumentException("no JSON encoding for " + response);
    }

    private ObjectNode versionObject(ActionResponse.Version version) {
        ObjectNode out = json.createObjectNode();
        out.put("version", version.text());
        ObjectNode semver = out.putObject("semver");
        semver.put("major", version.major());
        semver.put("minor", version.minor());
        semver.put("patch", version.patch());
        semver.put("pre", version.pre());
        return out;
    }

    // ---------------------------------------------------------------- Flight commands

    @Override
    public DoPutCommand decodeDoPutCommand(byte[] cmd) {
        JsonNode command = object(cmd);
        String uuid = optionalText(command, "topic_uuid");
        if (uuid == null) {
            uuid = optionalText(command, "key"); // the name mosaicod used before 0.7
        }
        if (uuid == null) {
            throw ProtocolException.badRequest(DESERIALIZATION_ERROR + " (missing field `topic_uuid`)");
        }
        return new DoPutCommand(requiredText(command, "resource_locator"), uuid);
    }

    @Override
    public FlightInfoCommand decodeFlightInfoCommand(byte[] cmd) {
        JsonNode command = object(cmd);
        return new FlightInfoCommand(requiredText(command, "resource_locator"),
                new TimeRange(optionalLong(command, "timestamp_ns_start"), optionalLong(command, "timestamp_ns_end")));
    }

    // ---------------------------------------------------------------- read-path metadata

    @Override
    public byte[] encodeSequenceAppMetadata(SequenceManifest sequence) {
        ObjectNode out = json.createObjectNode();
        out.put("created_at_ns", sequence.createdAtNs());
        out.put("resource_locator", sequence.locator());
        out.set("user_metadata", sequence.userMetadata().tree());
        ArrayNode sessions = out.putArray("sessions");
        for (SequenceManifest.SessionManifest s : sequence.sessions()) {
            ObjectNode session = sessions.addObject();
            session.put("locator", s.locator());
            session.put("created_at_ns", s.createdAtNs());
            putNullable(session, "completed_at_ns", s.completedAtNs());
            session.put("locked", s.locked());
            ArrayNode topics = session.putArray("topics");
            s.topics().forEach(topics::add);
        }
        return bytes(out);
    }

    @Override
    public byte[] encodeTopicAppMetadata(TopicManifest topic) {
        ObjectNode out = json.createObjectNode();
        out.put("created_at_ns", topic.createdAtNs());
        putNullable(out, "completed_at_ns", topic.completedAtNs());
        out.put("locked", topic.locked());
        out.put("resource_locator", topic.locator());
        out.put("ontology_tag", topic.ontologyTag());
        out.put("serialization_format", topic.serializationFormat());
        out.set("user_metadata", topic.userMetadata().tree());
        ObjectNode data = out.putObject("data_info");
        data.set("interval", interval(topic.dataInfo().interval()));
        data.put("total_row_count", topic.dataInfo().totalRowCount());
        data.put("total_bytes", topic.dataInfo().totalBytes());
        data.put("total_chunks_count", topic.dataInfo().totalChunksCount());
        if (topic.timeWindow() == null) {
            out.putNull("time_window_info");
        } else {
            ObjectNode window = out.putObject("time_window_info");
            window.set("interval", interval(topic.timeWindow().interval()));
            window.put("row_count", topic.timeWindow().rowCount());
        }
        return bytes(out);
    }

    @Override
    public Map<String, String> sequenceSchemaMetadata(UserMetadata userMetadata) {
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("mosaico:context", "sequence");
        metadata.put("mosaico:user_metadata", userMetadata.json());
        return metadata;
    }

    @Override
    public Map<String, String> topicSchemaMetadata(TopicManifest topic) {
        ObjectNode properties = json.createObjectNode();
        properties.put("ontology_tag", topic.ontologyTag());
        properties.put("serialization_format", topic.serializationFormat());
        Interval interval = topic.effectiveInterval();
        if (interval != null) { // as upstream: the interval properties exist only when there are rows
            properties.put("message_count", topic.effectiveRowCount());
            properties.put("timestamp_ns_min", interval.startNs());
            properties.put("timestamp_ns_max", interval.endNs());
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("mosaico:context", "topic");
        metadata.put("mosaico:properties", properties.toString());
        metadata.put("mosaico:user_metadata", topic.userMetadata().json());
        return metadata;
    }

    // ---------------------------------------------------------------- helpers

    private JsonNode object(byte[] body) {
        if (body == null || body.length == 0) {
            return json.createObjectNode(); // an absent body is an empty request
        }
        JsonNode node;
        try {
            node = json.readTree(body);
        } catch (StreamConstraintsException e) {
            throw ProtocolException.badRequest(DESERIALIZATION_ERROR + " (" + RequestJson.brokenLimit(e) + ")", e);
        } catch (IOException e) {
            throw ProtocolException.badRequest(DESERIALIZATION_ERROR, e);
        }
        if (node == null || !node.isObject()) {
            throw ProtocolException.badRequest(DESERIALIZATION_ERROR + " (expected a JSON object)");
        }
        return node;
    }

    private static String requiredText(JsonNode request, String field) {
        String value = optionalText(request, field);
        if (value == null) {
            throw ProtocolException.badRequest(DESERIALIZATION_ERROR + " (missing field `" + field + "`)");
        }
        return value;
    }

    private static String optionalText(JsonNode request, String field) {
        JsonNode value = request.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw ProtocolException.badRequest(DESERIALIZATION_ERROR + " (field `" + field + "` must be a string)");
        }
        return value.textValue();
    }

    /**
     * A string field that may be left out (then {@code fallback}) but not sent as {@code null}, at most
     * {@code maxChars} long.
     */
    private static String textOrDefault(JsonNode request, String field, String fallback, int maxChars) {
        JsonNode value = request.get(field);
        if (value == null) {
            return fallback;
        }
        if (!value.isTextual()) {
            throw ProtocolException.badRequest(DESERIALIZATION_ERROR + " (field `" + field + "` must be a string)");
        }
        if (value.textValue().length() > maxChars) {
            throw ProtocolException.badRequest("field `" + field + "` is " + value.textValue().length()
                    + " characters long; the limit is " + maxChars);
        }
        return value.textValue();
    }

    private static Long optionalLong(JsonNode request, String field) {
        JsonNode value = request.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw ProtocolException.badRequest(DESERIALIZATION_ERROR + " (field `" + field
                    + "` must be a 64-bit integer)");
        }
        return value.longValue();
    }

    private JsonNode interval(Interval interval) {
        if (interval == null) {
            return json.nullNode();
        }
        ObjectNode out = json.createObjectNode();
        out.put("start_ns", interval.startNs());
        out.put("end_ns", interval.endNs());
        return out;
    }

    private static void putNullable(ObjectNode node, String field, Long value) {
        if (value == null) {
            node.putNull(field);
        } else {
            node.put(field, value.longValue());
        }
    }

    private byte[] bytes(JsonNode node) {
        try {
            return json.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + node.getNodeType() + " as JSON", e);
        }
    }
}
