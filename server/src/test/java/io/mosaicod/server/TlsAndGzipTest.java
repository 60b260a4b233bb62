package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthGrpc;
import io.mosaicod.client.ClientWire;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.MosaicoException;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicReader;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.core.config.ConfigException;
import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.testkit.TestCertificates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS on the Flight port with certificates the test makes (a private CA and a server certificate it signed): a
 * client trusting the CA uploads and reads; a plain-text client and one that does not trust the CA fail cleanly;
 * bad certificate or key files are one line naming the setting; gzip round-trips.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TlsAndGzipTest {
    @TempDir
    static Path dir;
    private TestCertificates certificates;
    private Backend backend;
    private MosaicodServer server;

    @BeforeAll
    void start() throws Exception {
        certificates = TestCertificates.create(dir, "tls");
        backend = Backend.open(Backend.Kind.SQLITE_LOCAL);
        MosaicodConfig.TlsFiles files = new MosaicodConfig.TlsFiles(certificates.serverCertificate(),
                certificates.serverKey());
        server = MosaicodServer.start(ServerSettings.defaults().withEndpoint("127.0.0.1", 0)
                .withWire(new ServerSettings.Wire(Optional.of(TlsIdentity.load(files)), true)),
                backend.repository(), backend.store());
    }

    @AfterAll
    void stop() throws Exception {
        try (Backend closing = backend) {
            server.close();
        }
    }

    @Test
    void aClientTrustingTheCaUploadsAndReadsWithGzipBothWays() throws Exception {
        try (MosaicoClient client = MosaicoClient.connect("localhost", server.port(),
                ClientWire.tlsTrusting(certificates.caCertificate()).withGzip())) {
            client.createSequence("secure", JsonNodeFactory.instance.objectNode());
            SessionHandle session = client.createSession("secure");
            UUID topic = client.createTopic(session.uuid(), new TopicSpec("secure/imu", "default", "imu",
                    JsonNodeFactory.instance.objectNode()));
            try (TopicUpload upload = client.upload("secure/imu", topic, SampleTopic.SCHEMA);
                 VectorSchemaRoot batch = SampleTopic.batch(client.allocator(), 3, 1, 2)) {
                upload.put(batch);
                upload.complete();
            }
            long rows = 0;
            try (TopicReader reader = client.read("secure/imu", null, null)) {
                while (reader.next()) {
                    rows += reader.batch().getRowCount();
                }
            }
            assertThat(rows).isEqualTo(3);
        }
    }

    @Test
    void aPlainTextClientAndAClientNotTrustingTheCaFailCleanly() throws Exception {
        try (MosaicoClient plain = MosaicoClient.connect("127.0.0.1", server.port())) {
            MosaicoException refused = catchThrowableOfType(MosaicoException.class, plain::info);
            assertThat(refused).isNotNull();
            assertThat(refused.code()).isEqualTo(Status.Code.UNAVAILABLE);
        }
        TestCertificates stranger = TestCertificates.create(dir, "stranger");
        try (MosaicoClient distrustful = MosaicoClient.connect("localhost", server.port(),
                ClientWire.tlsTrusting(stranger.caCertificate()))) {
            MosaicoException refused = catchThrowableOfType(MosaicoException.class, distrustful::info);
            assertThat(refused).isNotNull();
            assertThat(refused.code()).isEqualTo(Status.Code.UNAVAILABLE);
        }
    }

    @Test
    void repliesAreGzippedWhenTheServerIsToldTo() throws Exception {
        AtomicReference<String> encoding = new AtomicReference<>();
        ManagedChannel channel = Grpc.newChannelBuilderForAddress("localhost", server.port(),
                        io.grpc.TlsChannelCredentials.newBuilder().trustManager(certificates.caCertificate().toFile())
                                .build())
                .intercept(new ResponseEncoding(encoding)).build();
        try {
            HealthGrpc.newBlockingStub(channel).check(HealthCheckRequest.getDefaultInstance());
        } finally {
            channel.shutdownNow();
        }
        assertThat(encoding.get()).isEqualTo("gzip");
    }

    @Test
    void badFilesAreOneLineNamingTheSetting() throws Exception {
        Path certificate = certificates.serverCertificate();
        Path key = certificates.serverKey();
        Path missing = dir.resolve("missing.pem");
        assertThatThrownBy(() -> TlsIdentity.load(new MosaicodConfig.TlsFiles(missing, key)))
                .isInstanceOf(ConfigException.class)
                .hasMessage("the TLS certificate file " + missing + " (MOSAICOD_TLS_CERT_FILE) does not exist");
        assertThatThrownBy(() -> TlsIdentity.load(new MosaicodConfig.TlsFiles(key, key)))
                .isInstanceOf(ConfigException.class).hasMessageContaining("holds no PEM certificate");
        Path pkcs1 = Files.writeString(dir.resolve("rsa.pem"), "-----BEGIN RSA PRIVATE KEY-----\nMIIB\n"
                + "-----END RSA PRIVATE KEY-----\n");
        assertThatThrownBy(() -> TlsIdentity.load(new MosaicodConfig.TlsFiles(certificate, pkcs1)))
                .isInstanceOf(ConfigException.class).hasMessageContaining("(MOSAICOD_TLS_PRIVATE_KEY_FILE) holds no"
                        + " unencrypted PKCS#8 key").hasMessageContaining("openssl pkcs8 -topk8 -nocrypt");
        TestCertificates other = TestCertificates.create(dir, "other");
        assertThatThrownBy(() -> TlsIdentity.load(new MosaicodConfig.TlsFiles(certificate, other.serverKey())))
                .isInstanceOf(ConfigException.class).hasMessage("the private key " + other.serverKey()
                        + " (MOSAICOD_TLS_PRIVATE_KEY_FILE) does not belong to the certificate " + certificate
                        + " (MOSAICOD_TLS_CERT_FILE, CN=localhost)");
    }

    /** Records the {@code grpc-encoding} of the server's reply. */
    private record ResponseEncoding(AtomicReference<String> encoding) implements ClientInterceptor {
        @Override
        public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
            return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
                @Override
                public void start(Listener<R> listener, Metadata headers) {
                    super.start(new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
                        @Override
                        public void onHeaders(Metadata replyHeaders) {
                            encoding.set(replyHeaders.get(Metadata.Key.of("grpc-encoding",
                                    Metadata.ASCII_STRING_MARSHALLER)));
                            super.onHeaders(replyHeaders);
                        }
                    }, headers);
                }
            };
        }
    }
}
