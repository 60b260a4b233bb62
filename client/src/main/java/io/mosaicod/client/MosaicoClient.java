package io.mosaicod.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import io.grpc.ManagedChannel;
import io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.NettyChannelBuilder;
import io.mosaicod.transport.ConnectionTuning;
import io.mosaicod.transport.PooledArrowMemory;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.LongConsumer;
import org.apache.arrow.flight.Criteria;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightGrpcUtils;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import javax.net.ssl.SSLException;

/**
 * A client of mosaicod's Flight protocol (PROTOCOL.md), speaking it the way the mosaico Python SDK does: JSON
 * actions with their reply envelope, one DoPut per topic with a CMD descriptor, GetFlightInfo and DoGet for
 * reads. Every refusal is a {@link MosaicoException} carrying the server's exact gRPC code. Safe for use by
 * several threads (one upload or read per thread).
 *
 * <p>The write sequence of the SDK: {@link #info()}, {@link #createSequence}, {@link #createSession}, for each
 * topic {@link #createTopic} then one {@link #upload}, then {@link #finalizeSession}; {@link SequenceWriter}
 * wraps it.
 */
public final class MosaicoClient implements AutoCloseable {
    private final String target;
    private final BufferAllocator allocator;
    private final FlightClient flight;
    /** Flight's channel, for the calls made without Flight's client ({@link ActionCall}). */
    private final ManagedChannel channel;
    /** The server's {@link ServerInfo#putAcknowledgementWindow()}, asked at the first upload; -1 until then. */
    private volatile int putWindow = -1;

    private MosaicoClient(String target, BufferAllocator allocator, ManagedChannel channel) {
        this.target = target;
        this.allocator = allocator;
        this.channel = channel;
        this.flight = FlightGrpcUtils.createFlightClient(allocator, channel);
    }

    /** Connects (lazily, on the first call) to a server over plain gRPC. */
    public static MosaicoClient connect(String host, int port) {
        return connect(host, port, ClientWire.PLAIN);
    }

    /**
     * Connects (lazily, on the first call) to a server over plain gRPC or TLS, with an API key if the wire has one.
     *
     * @throws IllegalArgumentException when the trusted certificates cannot be read
     */
    public static MosaicoClient connect(String host, int port, ClientWire wire) {
        NettyChannelBuilder builder = NettyChannelBuilder.forAddress(host, port)
                .maxInboundMessageSize(Integer.MAX_VALUE) // the server sizes what it sends
                .intercept(new GrpcStatusTrailer());
        if (wire.tls()) {
            builder.useTransportSecurity().sslContext(clientTls(wire));
        } else {
            builder.usePlaintext();
            ConnectionTuning.plaintextClient(builder);
        }
        if (wire.gzip()) {
            builder.intercept(new GzipRequests());
        }
        wire.apiKey().ifPresent(key -> builder.intercept(new ApiKeyHeader(key)));
        BufferAllocator allocator = PooledArrowMemory.rootAllocator(Long.MAX_VALUE);
        return new MosaicoClient(host + ":" + port, allocator, builder.build());
    }

    private static SslContext clientTls(ClientWire wire) {
        try {
            SslContextBuilder tls = GrpcSslContexts.forClient();
            wire.trustedCertificates().ifPresent(file -> tls.trustManager(file.toFile()));
            return tls.build();
        } catch (SSLException | RuntimeException e) {
            throw new IllegalArgumentException("cannot use the trusted certificates "
                    + wire.trustedCertificates().map(Path::toString).orElse("of the JVM") + ": " + e.getMessage(), e);
        }
    }

    /** {@code host:port}. */
    public String target() {
        return target;
    }

    // ------------------------------------------------------------------ actions

    /**
     * Sends one action and returns its reply as received, checking only that it is a JSON envelope. For
     * conformance tests and tools; the typed methods below check the envelope too.
     */
    public ActionReply rawAction(String type, byte[] body) {
        try {
            List<ByteString> all = new ArrayList<>();
            ActionCall.run(channel, type, body, all::add);
            if (all.isEmpty()) {
                throw new IllegalStateException("action `" + type + "` got no reply");
            }
            JsonNode envelope = Json.parse(all.get(0).toByteArray(), "an action reply");
            return new ActionReply(envelope.path("action").asText(), envelope.path("response").isMissingNode()
                    ? Json.MAPPER.nullNode() : envelope.get("response"), all.size());
        } catch (RuntimeException e) {
            throw ClientErrors.translate(e);
        }
    }

    /** Sends {@code body} as the action {@code type}; returns the {@code response} of its envelope. */
    public JsonNode action(String type, JsonNode body) {
        return action(type, Json.bytes(body));
    }

    private JsonNode action(String type, byte[] body) {
        ActionReply reply = rawAction(type, body);
        if (!type.equals(reply.action())) {
            throw new IllegalStateException("the reply to `" + type + "` names action `" + reply.action() + "`");
        }
        return reply.response();
    }

    public ServerInfo info() {
        JsonNode response = action("info", Json.object());
        Map<String, Long> config = new HashMap<>();
        response.path("config").fields().forEachRemaining(e -> config.put(e.getKey(), e.getValue().asLong()));
        JsonNode semver = response.path("semver");
        return new ServerInfo(response.path("version").asText(), semver.path("major").asInt(),
                semver.path("minor").asInt(), semver.path("patch").asInt(), semver.path("pre").asText(), config);
    }

    /**
     * The sequences and topics matching {@code filterJson}, a {@code query} body (docs/search.md), sent as written
     * so that the server alone judges it: a mistake comes back as INVALID_ARGUMENT naming it.
     */
    public List<SequenceMatch> query(String filterJson) {
        JsonNode response = action("query", filterJson.getBytes(StandardCharsets.UTF_8));
        List<SequenceMatch> matches = new ArrayList<>();
        for (JsonNode item : response.path("items")) {
            List<TopicMatch> topics = new ArrayList<>();
            for (JsonNode topic : item.path("topics")) {
                JsonNode tag = topic.path("ontology_tag");
                topics.add(new TopicMatch(topic.path("locator").asText(),
                        tag.isTextual() ? Optional.of(tag.asText()) : Optional.empty()));
            }
            matches.add(new SequenceMatch(item.path("sequence").asText(), topics));
        }
        return matches;
    }

    /**
     * When, in one topic, rows match: the clusters of a {@code topic_filter_clusterize} body (SEARCH.md §2; e.g.
     * {@code {"locator":"run/imu","clustering_dt_ns":1000000,"ontology":{"imu.acc.x":{"$gt":9}},
     * "timestamp_range":null}}), sent as written, in time order.
     */
    public List<TimeCluster> clusterize(String requestJson) {
        return clusters("topic_filter_clusterize", requestJson);
    }

    /**
     * When several topics of one sequence match together: the intervals of a {@code topic_filter_intersect} body
     * ({@code {"topics":[<clusterize request>, ...],"intersect_dt_ns":0}}), sent as written, in time order.
     */
    public List<TimeCluster> intersect(String requestJson) {
        return clusters("topic_filter_intersect", requestJson);
    }

    /** Every Result of a cluster action, one cluster each. */
    private List<TimeCluster> clusters(String type, String requestJson) {
        try {
            List<TimeCluster> clusters = new ArrayList<>();
            ActionCall.run(channel, type, requestJson.getBytes(StandardCharsets.UTF_8), result -> {
                JsonNode envelope = Json.parse(result.toByteArray(), "an action reply");
                if (!type.equals(envelope.path("action").asText())) {
                    throw new IllegalStateException("a reply to `" + type + "` names action `"
                            + envelope.path("action").asText() + "`");
                }
                JsonNode response = envelope.path("response");
                clusters.add(new TimeCluster(response.path("id").asLong(), response.path("ts").path("start_ns").asLong(),
                        response.path("ts").path("end_ns").asLong()));
            });
            return clusters;
        } catch (RuntimeException e) {
            throw ClientErrors.translate(e);
        }
    }

    public void createSequence(String name, ObjectNode userMetadata) {
        ObjectNode body = Json.object().put("locator", name);
        body.set("user_metadata", userMetadata);
        action("sequence_create", body);
    }

    public void deleteSequence(String name) {
        action("sequence_delete", Json.object().put("locator", name));
    }

    public SessionHandle createSession(String sequence) {
        JsonNode response = action("session_create", Json.object().put("locator", sequence));
        return new SessionHandle(UUID.fromString(response.path("uuid").asText()), response.path("locator").asText());
    }

    public void finalizeSession(UUID sessionUuid) {
        action("session_finalize", Json.object().put("session_uuid", sessionUuid.toString()));
    }

    public void deleteSession(UUID sessionUuid) {
        action("session_delete", Json.object().put("session_uuid", sessionUuid.toString()));
    }

    /** Deletes a session by its locator {@code <sequence>:<ULID>}. */
    public void deleteSession(String sessionLocator) {
        action("session_delete", Json.object().put("locator", sessionLocator));
    }

    /** Creates a topic in an open session; returns the uuid that authorizes its upload. */
    public UUID createTopic(UUID sessionUuid, TopicSpec topic) {
        ObjectNode body = Json.object()
                .put("locator", topic.locator())
                .put("session_uuid", sessionUuid.toString())
                .put("serialization_format", topic.serializationFormat())
                .put("ontology_tag", topic.ontologyTag());
        body.set("user_metadata", topic.userMetadata());
        return UUID.fromString(action("topic_create", body).path("uuid").asText());
    }

    public void deleteTopic(String locator) {
        action("topic_delete", Json.object().put("locator", locator));
    }

    /** Reports an error on a sequence ({@code sequence_notification_create}). */
    public void notifySequenceError(String sequence, String message) {
        action("sequence_notification_create", Json.object().put("locator", sequence)
                .put("notification_type", "error").put("msg", message));
    }

    /** Reports an error on a topic ({@code topic_notification_create}). */
    public void notifyTopicError(String topic, String message) {
        action("topic_notification_create", Json.object().put("locator", topic)
                .put("notification_type", "error").put("msg", message));
    }

    public List<Notification> sequenceNotifications(String sequence) {
        return notifications("sequence_notification_list", sequence);
    }

    public List<Notification> topicNotifications(String topic) {
        return notifications("topic_notification_list", topic);
    }

    public void purgeSequenceNotifications(String sequence) {
        action("sequence_notification_purge", Json.object().put("locator", sequence));
    }

    public void purgeTopicNotifications(String topic) {
        action("topic_notification_purge", Json.object().put("locator", topic));
    }

    private List<Notification> notifications(String action, String locator) {
        List<Notification> out = new ArrayList<>();
        for (JsonNode n : action(action, Json.object().put("locator", locator)).path("notifications")) {
            out.add(new Notification(n.path("name").asText(), n.path("notification_type").asText(),
                    n.path("msg").asText(), n.path("created_datetime").asText()));
        }
        return out;
    }

    // ------------------------------------------------------------------ upload

    /**
     * Opens the DoPut of a topic: sends the CMD descriptor with the schema. Send batches with
     * {@link TopicUpload#put}, then {@link TopicUpload#complete()}.
     */
    public TopicUpload upload(String topicLocator, UUID topicUuid, Schema schema) {
        return upload(topicLocator, topicUuid, schema, batch -> { });
    }

    /**
     * As {@link #upload(String, UUID, Schema)}, and {@code onStored} hears the number of each batch the server
     * confirms stored, in order, on a gRPC thread (keep it short).
     */
    public TopicUpload upload(String topicLocator, UUID topicUuid, Schema schema, LongConsumer onStored) {
        ObjectNode command = Json.object().put("resource_locator", topicLocator).put("topic_uuid", topicUuid.toString());
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        int window = putAcknowledgementWindow();
        StoredBatches replies = new StoredBatches(onStored, window > 0);
        try {
            var writer = flight.startPut(FlightDescriptor.command(Json.bytes(command)), root, replies);
            return new TopicUpload(topicLocator, root, writer, replies, allocator,
                    window > 0 ? window : TopicUpload.WINDOW_BATCHES);
        } catch (RuntimeException e) {
            root.close();
            throw ClientErrors.translate(e);
        }
    }

    /** Asks the server once; a server whose {@code info} fails is taken for one that does not acknowledge, this time. */
    private int putAcknowledgementWindow() {
        int window = putWindow;
        if (window < 0) {
            try {
                window = info().putAcknowledgementWindow();
            } catch (MosaicoException e) {
                return 0;
            }
            putWindow = window;
        }
        return window;
    }

    // ------------------------------------------------------------------ reads

    /** The sequence names ListFlights reports. */
    public List<String> listSequences() {
        List<String> names = new ArrayList<>();
        for (FlightInfo info : listFlights("")) {
            names.add(String.join("/", info.getDescriptor().getPath()));
        }
        return names;
    }

    /** ListFlights as sent, with {@code criteria} as the expression (the protocol takes "" or "/"). */
    public List<FlightInfo> listFlights(String criteria) {
        try {
            List<FlightInfo> infos = new ArrayList<>();
            flight.listFlights(new Criteria(criteria.getBytes(StandardCharsets.UTF_8))).forEach(infos::add);
            return infos;
        } catch (RuntimeException e) {
            throw ClientErrors.translate(e);
        }
    }

    /** GetFlightInfo as sent, for any locator and optional half-open range {@code [startNs, endNs)}. */
    public FlightInfo flightInfo(String locator, Long startNs, Long endNs) {
        ObjectNode command = Json.object().put("resource_locator", locator);
        if (startNs == null) {
            command.putNull("timestamp_ns_start");
        } else {
            command.put("timestamp_ns_start", startNs.longValue());
        }
        if (endNs == null) {
            command.putNull("timestamp_ns_end");
        } else {
            command.put("timestamp_ns_end", endNs.longValue());
        }
        return flightInfo(FlightDescriptor.command(Json.bytes(command)));
    }

    /** GetFlightInfo with any descriptor, as sent. */
    public FlightInfo flightInfo(FlightDescriptor descriptor) {
        try {
            return flight.getInfo(descriptor);
        } catch (RuntimeException e) {
            throw ClientErrors.translate(e);
        }
    }

    public SequenceInfo sequenceInfo(String sequence) {
        return SequenceInfo.of(flightInfo(sequence, null, null));
    }

    public TopicInfo topicInfo(String topic) {
        return topicInfo(topic, null, null);
    }

    public TopicInfo topicInfo(String topic, Long startNs, Long endNs) {
        return TopicInfo.of(flightInfo(topic, startNs, endNs));
    }

    /** DoGet of a ticket from a GetFlightInfo endpoint. */
    public TopicReader read(Ticket ticket) {
        try {
            return new TopicReader(flight.getStream(ticket));
        } catch (RuntimeException e) {
            throw ClientErrors.translate(e);
        }
    }

    /** Reads a topic's rows in {@code [startNs, endNs)} (null bounds are open), in time order. */
    public TopicReader read(String topic, Long startNs, Long endNs) {
        return read(topicInfo(topic, startNs, endNs).endpoint().ticket());
    }

    /** The allocator batches read by this client live in. */
    public BufferAllocator allocator() {
        return allocator;
    }

    @Override
    public void close() throws InterruptedException {
        try {
            flight.close();
        } finally {
            allocator.close();
        }
    }
}
