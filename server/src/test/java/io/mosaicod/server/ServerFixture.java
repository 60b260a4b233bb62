package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.grpc.Status;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.MosaicoException;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.db.Catalog;
import io.mosaicod.testkit.JavaNames;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * One in-process server per test class on the backend the concrete class names, a client, and the steps
 * tests share. Tests of a class share the server, so each names its own sequences.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ServerFixture {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final AtomicInteger NAMES = new AtomicInteger();

    Backend backend;
    ServerUnderTest server;
    MosaicoClient client;

    /** Which backend the concrete class runs on. */
    abstract Backend.Kind backendKind();

    /** Settings of the server under test; tests of limits override it. */
    ServerSettings settings() {
        return ServerSettings.defaults().withEndpoint("127.0.0.1", 0);
    }

    @BeforeAll
    void startServer() throws Exception {
        backend = Backend.open(backendKind());
        server = ServerUnderTest.start(backend, settings());
        client = server.client();
    }

    @AfterAll
    void stopServer() throws Exception {
        try (Backend closing = backend) {
            if (server != null) {
                server.close();
            }
        }
    }

    Catalog catalog() {
        return backend.repository().catalog();
    }

    /** A sequence name no other test of this JVM uses. */
    static String uniqueName(String stem) {
        return stem + "_" + NAMES.incrementAndGet();
    }

    static ObjectNode metadata(String key, String value) {
        return JSON.createObjectNode().put(key, value);
    }

    /** A new sequence with an open session. */
    SessionHandle newSession(String stem) {
        String sequence = uniqueName(stem);
        client.createSequence(sequence, metadata("robot", "rover-1"));
        return client.createSession(sequence);
    }

    static String sequenceOf(SessionHandle session) {
        return session.locator().substring(0, session.locator().indexOf(':'));
    }

    /** Creates topic {@code path} in the session; returns its uuid. */
    UUID newTopic(SessionHandle session, String path) {
        return client.createTopic(session.uuid(), new TopicSpec(sequenceOf(session) + "/" + path, "default", "test",
                metadata("frame", path)));
    }

    /** Uploads one {@link SampleTopic} batch per timestamp array and completes the stream. */
    void upload(String locator, UUID uuid, long[]... batches) {
        try (TopicUpload upload = client.upload(locator, uuid, SampleTopic.SCHEMA)) {
            for (long[] timestamps : batches) {
                try (VectorSchemaRoot batch = SampleTopic.batch(client.allocator(), timestamps)) {
                    upload.put(batch);
                }
            }
            upload.complete();
        }
    }

    /**
     * Asserts that {@code call} is refused with {@code code} and a sentence ending in a period that names no Java
     * class or package; returns it.
     */
    static MosaicoException assertRefused(Status.Code code, ThrowingCallable call) {
        MosaicoException refusal = catchThrowableOfType(MosaicoException.class, call);
        assertThat(refusal).as("expected a %s refusal", code).isNotNull();
        assertThat(refusal.code()).as(refusal.getMessage()).isEqualTo(code);
        assertThat(refusal.serverMessage()).endsWith(".");
        assertThat(JavaNames.in(refusal.serverMessage())).as("a Java name in: " + refusal.serverMessage()).isEmpty();
        return refusal;
    }
}
