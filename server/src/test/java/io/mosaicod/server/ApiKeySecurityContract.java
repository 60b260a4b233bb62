package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.mosaicod.client.ApiKey;
import io.mosaicod.client.ClientWire;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.MosaicoException;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicReader;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.core.apikey.ApiKeyToken;
import io.mosaicod.core.apikey.Permission;
import io.mosaicod.core.apikey.Permissions;
import io.mosaicod.db.ApiKeys;
import io.mosaicod.db.NewApiKey;
import io.mosaicod.db.Repository;
import io.mosaicod.testkit.ForgedToken;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.LoggerFactory;

/**
 * A server requiring API keys (MOSAICOD_API_KEY_ENABLED) on the backend the concrete class names: every call it
 * serves, without a key and with each kind of bad key, gets the exact code and sentence; each permission lets
 * through exactly the calls PROTOCOL.md §7 lists for it; a token forged to a known fingerprint is refused as an
 * unknown key; a revocation reaches every server sharing the repository within the cache's freshness; health checks
 * need no key; and the server's own log lines, at debug, never hold a token.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ApiKeySecurityContract {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Metadata.Key<String> TOKEN_HEADER =
            Metadata.Key.of("mosaico-api-key-token", Metadata.ASCII_STRING_MARSHALLER);

    /** The refusals every call gets, before its permission is looked at. */
    enum BadKey {
        NONE(Status.Code.PERMISSION_DENIED, "Missing API key in request header `mosaico-api-key-token`."),
        NOT_A_TOKEN(Status.Code.INVALID_ARGUMENT, "Bad request: bad header."),
        FINGERPRINT_NOT_ITS_PAYLOADS(Status.Code.INVALID_ARGUMENT, "Bad request: bad header."),
        UNKNOWN(Status.Code.PERMISSION_DENIED, "Unauthorized: API key does not exist."),
        FORGED_TO_A_KNOWN_FINGERPRINT(Status.Code.PERMISSION_DENIED, "Unauthorized: API key does not exist."),
        EXPIRED(Status.Code.PERMISSION_DENIED, "Unauthorized: API key is expired."),
        REVOKED(Status.Code.PERMISSION_DENIED, "Unauthorized: API key is revoked.");

        final Status.Code code;
        final String sentence;

        BadKey(Status.Code code, String sentence) {
            this.code = code;
            this.sentence = sentence;
        }
    }

    private Backend backend;
    private MosaicodServer server;
    private ManagedChannel channel;
    private final ListAppender<ILoggingEvent> serverLog = new ListAppender<>();
    private final Map<Permission, String> keyWith = new EnumMap<>(Permission.class);
    private final Map<BadKey, String> badKeys = new EnumMap<>(BadKey.class);

    abstract Backend.Kind backendKind();

    @BeforeAll
    void startServerWithKeys() throws Exception {
        Logger mosaicod = (Logger) LoggerFactory.getLogger("io.mosaicod");
        mosaicod.setLevel(Level.DEBUG);
        serverLog.start();
        mosaicod.addAppender(serverLog);
        backend = Backend.open(backendKind());
        server = start(backend.repository());
        channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();

        ApiKeys keys = backend.repository().apiKeys();
        for (Permission permission : Permission.values()) {
            keyWith.put(permission, create(keys, Permissions.of(permission), Optional.empty()).reveal());
        }
        String valid = ApiKeyToken.generate(RANDOM).reveal();
        badKeys.put(BadKey.NOT_A_TOKEN, "Bearer " + valid);
        badKeys.put(BadKey.FINGERPRINT_NOT_ITS_PAYLOADS, valid.substring(0, valid.length() - 1)
                + (valid.endsWith("0") ? "1" : "0"));
        badKeys.put(BadKey.UNKNOWN, valid);
        String manage = keyWith.get(Permission.MANAGE);
        String forged = ForgedToken.withFingerprint(ApiKeyToken.parse(manage).orElseThrow().fingerprint());
        assertThat(ApiKeyToken.parse(forged)).as("a well-formed token").isPresent();
        assertThat(forged).isNotEqualTo(manage);
        badKeys.put(BadKey.FORGED_TO_A_KNOWN_FINGERPRINT, forged);
        badKeys.put(BadKey.EXPIRED, create(keys, Permissions.of(Permission.MANAGE),
                Optional.of(backend.repository().now().minusSeconds(1))).reveal());
        ApiKeyToken revoked = create(keys, Permissions.of(Permission.MANAGE), Optional.empty());
        keys.revoke(revoked.fingerprint());
        badKeys.put(BadKey.REVOKED, revoked.reveal());
    }

    private MosaicodServer start(Repository repository) throws Exception {
        return MosaicodServer.start(ServerSettings.defaults().withEndpoint("127.0.0.1", 0).withApiKeysRequired(true),
                repository, backend.store());
    }

    private static ApiKeyToken create(ApiKeys keys, Permissions permissions, Optional<java.time.Instant> expiresAt) {
        ApiKeyToken token = ApiKeyToken.generate(RANDOM);
        keys.create(NewApiKey.of(token, permissions, "security test", expiresAt));
        return token;
    }

    @AfterAll
    void stopServer() throws Exception {
        Logger mosaicod = (Logger) LoggerFactory.getLogger("io.mosaicod");
        mosaicod.detachAppender(serverLog);
        mosaicod.setLevel(null);
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        try (Backend closing = backend) {
            server.close();
        }
    }

    /** {@code call} on {@code target}, sending {@code token} in the header; none if null. */
    private static Status call(FlightCall call, Channel target, String token) {
        if (token == null) {
            return call.reach().apply(target);
        }
        Metadata headers = new Metadata();
        headers.put(TOKEN_HEADER, token);
        return call.reach().apply(ClientInterceptors.intercept(target, MetadataUtils.newAttachHeadersInterceptor(headers)));
    }

    static Stream<Arguments> everyCallWithEveryBadKey() {
        return Stream.of(BadKey.values()).flatMap(bad -> FlightCall.all().stream().map(call -> Arguments.of(bad, call)));
    }

    @ParameterizedTest(name = "{1} with key {0}")
    @MethodSource("everyCallWithEveryBadKey")
    void everyCallIsRefusedWithoutAValidKey(BadKey bad, FlightCall flightCall) {
        Status status = call(flightCall, channel, badKeys.get(bad));
        assertThat(status.getCode()).as(String.valueOf(status.getDescription())).isEqualTo(bad.code);
        assertThat(status.getDescription()).isEqualTo(bad.sentence);
    }

    static Stream<Arguments> everyCallWithEveryPermission() {
        return Stream.of(Permission.values())
                .flatMap(permission -> FlightCall.all().stream().map(call -> Arguments.of(permission, call)));
    }

    @ParameterizedTest(name = "{1} with a {0} key")
    @MethodSource("everyCallWithEveryPermission")
    void eachPermissionLetsThroughExactlyItsCalls(Permission granted, FlightCall flightCall) {
        Optional<Permission> needed = needs(flightCall);
        Status status = call(flightCall, channel, keyWith.get(granted));
        if (needed.isEmpty() || needed.get() == granted || granted == Permission.MANAGE) {
            assertThat(status.getCode()).as("%s: %s", status.getCode(), status.getDescription())
                    .isNotEqualTo(Status.Code.PERMISSION_DENIED);
            assertThat(String.valueOf(status.getDescription())).doesNotStartWith("Unauthorized");
        } else {
            String what = flightCall.actionName().isEmpty() ? flightCall.name() : flightCall.actionName() + " action";
            assertThat(status.getCode()).as(String.valueOf(status.getDescription()))
                    .isEqualTo(Status.Code.PERMISSION_DENIED);
            assertThat(status.getDescription())
                    .isEqualTo("Unauthorized: API key has not enough permissions to execute " + what + ".");
        }
    }

    /** PROTOCOL.md §7, as it reads; empty: any valid key. */
    private static Optional<Permission> needs(FlightCall call) {
        String action = call.actionName();
        if (action.isEmpty()) {
            return switch (call.name()) {
                case "ListFlights", "GetFlightInfo", "GetSchema", "DoGet" -> Optional.of(Permission.READ);
                case "DoPut" -> Optional.of(Permission.WRITE);
                default -> Optional.empty(); // ListActions, PollFlightInfo: they only describe the server
            };
        }
        if (action.endsWith("_list") || action.equals("query") || action.startsWith("topic_filter_")) {
            return Optional.of(Permission.READ);
        }
        if (action.endsWith("_create") || action.equals("session_finalize")) {
            return Optional.of(Permission.WRITE);
        }
        if (action.endsWith("_delete") || action.endsWith("_purge")) {
            return Optional.of(Permission.DELETE);
        }
        assertThat(action).as("an action that only describes the server").isIn("info", "version",
                FlightCall.UNKNOWN_ACTION);
        return Optional.empty();
    }

    @Test
    void anUnknownActionWithAValidKeyIsRefusedAsUnknown() {
        Status status = call(FlightCall.action(FlightCall.UNKNOWN_ACTION), channel, keyWith.get(Permission.READ));
        assertThat(status.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(status.getDescription()).isEqualTo("Bad request: no available action for string `frobnicate`.");
    }

    @Test
    void aWriteKeyUploadsAndAReadKeyReadsButCannotUpload() throws Exception {
        String sequence = "secured_" + backendKind().name().toLowerCase(java.util.Locale.ROOT);
        UUID topic;
        try (MosaicoClient writer = connect(keyWith.get(Permission.WRITE))) {
            assertThat(writer.info().version()).isEqualTo("0.7.0");
            writer.createSequence(sequence, JsonNodeFactory.instance.objectNode());
            SessionHandle session = writer.createSession(sequence);
            topic = writer.createTopic(session.uuid(), new TopicSpec(sequence + "/imu", "default", "imu",
                    JsonNodeFactory.instance.objectNode()));
            try (TopicUpload upload = writer.upload(sequence + "/imu", topic, SampleTopic.SCHEMA);
                 VectorSchemaRoot batch = SampleTopic.batch(writer.allocator(), 3, 1, 2)) {
                upload.put(batch);
                upload.complete();
            }
            writer.finalizeSession(session.uuid());
        }
        try (MosaicoClient reader = connect(keyWith.get(Permission.READ))) {
            long rows = 0;
            try (TopicReader read = reader.read(sequence + "/imu", null, null)) {
                while (read.next()) {
                    rows += read.batch().getRowCount();
                }
            }
            assertThat(rows).isEqualTo(3);
            MosaicoException refused = org.assertj.core.api.Assertions.catchThrowableOfType(MosaicoException.class,
                    () -> reader.createSession(sequence));
            assertThat(refused).isNotNull();
            assertThat(refused.code()).isEqualTo(Status.Code.PERMISSION_DENIED);
        }
    }

    private MosaicoClient connect(String token) {
        return MosaicoClient.connect("127.0.0.1", server.port(), ClientWire.PLAIN.withApiKey(ApiKey.of(token)));
    }

    @Test
    void healthChecksNeedNoKey() {
        HealthCheckResponse health = HealthGrpc.newBlockingStub(channel).check(HealthCheckRequest.getDefaultInstance());
        assertThat(health.getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
    }

    @Test
    void aRevocationReachesEveryServerSharingTheRepositoryWithinTheCachesFreshness() throws Exception {
        ApiKeys keys = backend.repository().apiKeys();
        ApiKeyToken token = create(keys, Permissions.of(Permission.READ), Optional.empty());
        FlightCall listFlights = FlightCall.all().get(0);
        try (Repository otherPool = backend.openRepository()) {
            MosaicodServer other = start(otherPool);
            ManagedChannel toOther = NettyChannelBuilder.forAddress("127.0.0.1", other.port()).usePlaintext().build();
            try {
                List<Channel> servers = List.of(channel, toOther);
                for (Channel server : servers) {
                    assertThat(call(listFlights, server, token.reveal()).getCode()).isEqualTo(Status.Code.OK);
                }
                long revokedAt = System.nanoTime();
                keys.revoke(token.fingerprint());
                List<Duration> seenAfter = new ArrayList<>();
                for (Channel server : servers) {
                    Eventually.await("the revocation to reach a server", Duration.ofSeconds(10),
                            () -> call(listFlights, server, token.reveal()).getCode() == Status.Code.PERMISSION_DENIED);
                    seenAfter.add(Duration.ofNanos(System.nanoTime() - revokedAt));
                }
                // KeyCache.FRESHNESS (2 s), with room for a loaded machine's scheduling
                assertThat(seenAfter).allSatisfy(after -> assertThat(after).isLessThan(Duration.ofSeconds(3)));
                assertThat(call(listFlights, toOther, token.reveal()).getDescription())
                        .isEqualTo("Unauthorized: API key is revoked.");
            } finally {
                toOther.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
                other.close();
            }
        }
    }

    @Test
    void noServerLogLineHoldsATokenOrItsPayload() {
        for (FlightCall flightCall : FlightCall.all()) {
            badKeys.values().forEach(token -> call(flightCall, channel, token));
            keyWith.values().forEach(token -> call(flightCall, channel, token));
        }
        List<String> secrets = new ArrayList<>();
        Stream.concat(badKeys.values().stream(), keyWith.values().stream()).forEach(token -> {
            secrets.add(token);
            if (token.startsWith("msco_") && token.length() > 37) {
                secrets.add(token.substring(5, 37));
            }
        });
        List<String> lines = serverLog.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        assertThat(lines).as("the gate logs its refusals at debug").anyMatch(line -> line.contains("refused"));
        for (String secret : secrets) {
            assertThat(lines).noneMatch(line -> line.contains(secret));
        }
    }
}
