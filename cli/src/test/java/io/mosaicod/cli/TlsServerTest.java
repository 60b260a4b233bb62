package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.testkit.ChildMosaicod;
import io.mosaicod.testkit.TestCertificates;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code mosaicod server} serving TLS with certificates the test makes: {@code mosaicod health} asks it over
 * TLS, {@code generate --tls-ca} ingests into it; a key that is not the certificate's stops it with exit 2.
 */
class TlsServerTest {
    @TempDir
    Path dir;

    private Map<String, String> env(TestCertificates certificates, Path key) {
        return new HashMap<>(Map.of("MOSAICOD_DATA_DIR", dir.resolve("data").toString(),
                "MOSAICOD_TLS_ENABLED", "true",
                "MOSAICOD_TLS_CERT_FILE", certificates.serverCertificate().toString(),
                "MOSAICOD_TLS_PRIVATE_KEY_FILE", key.toString()));
    }

    @Test
    void healthAndGenerateReachATlsServer() throws Exception {
        TestCertificates certificates = TestCertificates.create(dir, "server");
        Map<String, String> env = env(certificates, certificates.serverKey());
        try (ChildMosaicod server = ChildMosaicod.start(env, "server", "--port", "0")) {
            String listening = server.awaitLog(line -> line.contains("listening on"), Duration.ofMinutes(1));
            assertThat(listening).contains("TLS");
            Matcher port = Pattern.compile("listening on [^ ]*:(\\d+)").matcher(listening);
            assertThat(port.find()).isTrue();

            MainRun health = MainRun.of(dir, env, "health", "--port", port.group(1));
            assertThat(health.exitCode()).as(health.err()).isZero();
            assertThat(health.out().strip()).isEqualTo("SERVING");

            MainRun generate = MainRun.of(dir, env, "generate", "--server", "localhost:" + port.group(1), "--tls-ca",
                    certificates.caCertificate().toString(), "--sequences", "1", "--topics", "1", "--chunks", "2",
                    "--rows", "10");
            assertThat(generate.exitCode()).as(generate.err()).isZero();

            MainRun plain = MainRun.of(dir, env, "generate", "--server", "localhost:" + port.group(1),
                    "--sequences", "1", "--topics", "1", "--chunks", "1", "--rows", "1", "--prefix", "plain");
            assertThat(plain.exitCode()).as("a plain-text client is turned away").isNotZero();
        }
    }

    @Test
    void aKeyThatIsNotTheCertificatesStopsTheServerWithOneLine() throws Exception {
        TestCertificates certificates = TestCertificates.create(dir, "server");
        TestCertificates other = TestCertificates.create(dir, "other");
        try (ChildMosaicod server = ChildMosaicod.start(env(certificates, other.serverKey()), "server", "--port",
                "0")) {
            assertThat(server.awaitExit(Duration.ofMinutes(1))).isEqualTo(ExitCode.USAGE);
            assertThat(server.logLines()).as(server.log()).singleElement().asString()
                    .startsWith("mosaicod: the private key " + other.serverKey() + " (MOSAICOD_TLS_PRIVATE_KEY_FILE)"
                            + " does not belong to the certificate");
        }
    }
}
