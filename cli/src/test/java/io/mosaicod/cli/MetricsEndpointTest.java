package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Repository;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.testkit.ChildMosaicod;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metrics endpoint of real processes, scraped over HTTP as Prometheus would: a server's counters move by
 * exactly what an upload sent, a continuous store optimizer's by what its pass read and wrote, a continuous
 * cleanup's by the folders its pass recorded and deleted. Without the setting no port is opened; an address that
 * cannot be listened on is a one-line configuration error.
 */
class MetricsEndpointTest {
    private static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null)));
    private static final Pattern METRICS_URL = Pattern.compile("metrics endpoint listening on (http://\\S+)");
    private static final Pattern FLIGHT_PORT = Pattern.compile("listening on [^ ]*:(\\d+)");

    @TempDir
    Path dataDir;

    @Test
    void countersMoveByWhatAnUploadAnOptimizerPassAndACleanupPassDid() throws Exception {
        // the server: two uploads of 5 and 3 non-empty batches (and one empty batch, which stores nothing)
        try (ChildMosaicod server = ChildMosaicod.start(metricsOn(), "server", "--port", "0")) {
            int port = flightPort(server);
            URI metrics = metricsUrl(server);
            Scrape before = Scrape.of(metrics);
            try (MosaicoClient client = MosaicoClient.connect("127.0.0.1", port)) {
                client.createSequence("drive", JsonNodeFactory.instance.objectNode());
                SessionHandle session = client.createSession("drive");
                upload(client, session, "drive/imu", 5, true);
                upload(client, session, "drive/gps", 3, false);
                client.finalizeSession(session.uuid());
                assertThat(catchThrowable(() -> client.rawAction("no_such_action", "{}".getBytes(StandardCharsets.UTF_8))))
                        .as("an action the server does not know").isNotNull();
            }
            Scrape after = Scrape.of(metrics);
            long storedBytes = chunkBytes();

            assertThat(after.delta(before, "mosaicod_upload_batches_total")).isEqualTo(8);
            assertThat(after.delta(before, "mosaicod_upload_rows_total")).isEqualTo(800);
            assertThat(after.delta(before, "mosaicod_upload_bytes_total")).isEqualTo(storedBytes);
            assertThat(after.delta(before, "mosaicod_uploads_total", "outcome", "complete")).isEqualTo(2);
            assertThat(after.delta(before, "mosaicod_uploads_total", "outcome", "incomplete")).isZero();
            assertThat(after.value("mosaicod_uploads_active")).isZero();
            assertThat(after.delta(before, "mosaicod_grpc_requests_seconds_count", "method", "DoPut", "code", "OK"))
                    .isEqualTo(2);
            assertThat(after.delta(before, "mosaicod_grpc_requests_seconds_count", "method", "DoAction",
                    "action", "topic_create", "code", "OK")).isEqualTo(2);
            assertThat(after.delta(before, "mosaicod_grpc_requests_seconds_count", "method", "DoAction",
                    "action", "session_finalize", "code", "OK")).isEqualTo(1);
            assertThat(after.delta(before, "mosaicod_grpc_requests_seconds_count", "method", "DoAction",
                    "action", "unknown")).as("the unknown action, under one label").isEqualTo(1);
            assertThat(after.text()).doesNotContain("no_such_action");
            stop(server);
        }

        // a continuous store optimizer's first pass rewrites both topics
        long bytesBefore = chunkBytes();
        try (ChildMosaicod optimizer = ChildMosaicod.start(metricsOn(), "store-optimizer", "--time-interval", "3600")) {
            URI metrics = metricsUrl(optimizer);
            optimizer.awaitLog(line -> line.contains("Store optimization routine completed"), Duration.ofMinutes(2));
            Scrape after = Scrape.of(metrics);
            assertThat(after.value("mosaicod_optimizer_topics_total", "outcome", "succeeded")).isEqualTo(2);
            assertThat(after.value("mosaicod_optimizer_topics_total", "outcome", "failed")).isZero();
            assertThat(after.value("mosaicod_optimizer_read_bytes_total")).isEqualTo(bytesBefore);
            assertThat(after.value("mosaicod_optimizer_written_bytes_total")).isEqualTo(chunkBytes());
            assertThat(after.value("mosaicod_optimizer_rewrite_seconds_count", "outcome", "succeeded")).isEqualTo(2);
            assertThat(after.value("mosaicod_optimizer_queue_depth")).isZero();
            assertThat(after.value("mosaicod_lease_renewals_lost_total", "lease", "topic")).isZero();
            assertThat(after.value("mosaicod_repository_errors_total")).isZero();
            stop(optimizer);
        }

        // a continuous cleanup with no retention deletes the two folders the rewrites replaced; their commits
        // recorded them as retired, so its sweep marks none
        try (ChildMosaicod cleanup = ChildMosaicod.start(metricsOn(), "cleanup", "--time-interval", "3600",
                "--retention-duration", "0")) {
            URI metrics = metricsUrl(cleanup);
            cleanup.awaitLog(line -> line.contains("Cleanup completed"), Duration.ofMinutes(2));
            Scrape after = Scrape.of(metrics);
            assertThat(after.value("mosaicod_cleanup_folders_total", "outcome", "marked")).isZero();
            assertThat(after.value("mosaicod_cleanup_folders_total", "outcome", "deleted")).isEqualTo(2);
            assertThat(after.value("mosaicod_cleanup_folders_total", "outcome", "failed")).isZero();
            assertThat(after.value("mosaicod_cleanup_passes_total", "state", "succeeded")).isEqualTo(1);
            assertThat(after.value("mosaicod_store_errors_total")).isZero();
            assertThat(after.text()).as("a cleanup has no upload meters").doesNotContain("mosaicod_upload");
            stop(cleanup);
        }
    }

    @Test
    void withoutAnAddressNoPortButTheFlightPortIsOpened() throws Exception {
        try (ChildMosaicod server = ChildMosaicod.start(Map.of("MOSAICOD_DATA_DIR", dataDir.toString()),
                "server", "--port", "0")) {
            int port = flightPort(server);
            assertThat(listeningPorts(server.pid())).containsExactly(port);
            assertThat(server.log()).doesNotContain("metrics endpoint");
            stop(server);
        }
    }

    @Test
    void anAddressInUseIsAOneLineConfigurationError() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Map<String, String> env = new HashMap<>(Map.of("MOSAICOD_DATA_DIR", dataDir.toString(),
                    "MOSAICOD_METRICS_ADDRESS", "127.0.0.1:" + taken.getLocalPort()));
            MainRun run = MainRun.of(dataDir, env, "cleanup", "--time-interval", "60");
            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.USAGE);
            assertThat(run.errLines()).hasSize(1);
            assertThat(run.err()).startsWith("mosaicod: cannot open the metrics endpoint on 127.0.0.1:"
                    + taken.getLocalPort() + " (MOSAICOD_METRICS_ADDRESS, config [metrics] address): ");
        }
    }

    private Map<String, String> metricsOn() {
        return Map.of("MOSAICOD_DATA_DIR", dataDir.toString(), "MOSAICOD_METRICS_ADDRESS", "127.0.0.1:0");
    }

    private static void stop(ChildMosaicod process) throws Exception {
        process.signal("TERM");
        assertThat(process.awaitExit(Duration.ofMinutes(1))).isZero();
    }

    private static int flightPort(ChildMosaicod server) throws InterruptedException {
        String line = server.awaitLog(l -> l.contains("mosaicod server listening on"), Duration.ofMinutes(1));
        Matcher port = FLIGHT_PORT.matcher(line);
        assertThat(port.find()).as(line).isTrue();
        return Integer.parseInt(port.group(1));
    }

    private static URI metricsUrl(ChildMosaicod process) throws InterruptedException {
        String line = process.awaitLog(l -> METRICS_URL.matcher(l).find(), Duration.ofMinutes(1));
        Matcher url = METRICS_URL.matcher(line);
        assertThat(url.find()).isTrue();
        return URI.create(url.group(1));
    }

    /** Uploads {@code batches} batches of 100 rows, and an empty batch after them if asked. */
    private static void upload(MosaicoClient client, SessionHandle session, String locator, int batches,
                               boolean emptyBatch) {
        UUID topic = client.createTopic(session.uuid(), new TopicSpec(locator, "default", "test",
                JsonNodeFactory.instance.objectNode()));
        try (TopicUpload upload = client.upload(locator, topic, SCHEMA)) {
            for (int b = 0; b < batches; b++) {
                put(client, upload, b * 100L, b * 100L + 100);
            }
            if (emptyBatch) {
                put(client, upload, 0, 0);
            }
            upload.complete();
        }
    }

    private static void put(MosaicoClient client, TopicUpload upload, long from, long to) {
        try (VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, client.allocator())) {
            BigIntVector timestamps = (BigIntVector) batch.getVector(0);
            timestamps.allocateNew((int) (to - from));
            for (long t = from; t < to; t++) {
                timestamps.set((int) (t - from), t);
            }
            batch.setRowCount((int) (to - from));
            upload.put(batch);
        }
    }

    /** The bytes of every chunk the repository lists now. */
    private long chunkBytes() {
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(dataDir.resolve("mosaico.db")))) {
            long bytes = 0;
            for (String locator : List.of("drive/imu", "drive/gps")) {
                long topic = repository.catalog().findTopicByLocator(locator).orElseThrow().id();
                bytes += repository.catalog().listChunks(topic).stream().mapToLong(Chunk::sizeBytes).sum();
            }
            return bytes;
        }
    }

    /** The TCP ports process {@code pid} listens on, from Linux's socket tables. */
    private static Set<Integer> listeningPorts(long pid) throws IOException {
        Set<String> sockets = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            fds.forEach(fd -> {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        sockets.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // a descriptor closed while listed is no listening socket
                }
            });
        }
        Set<Integer> ports = new HashSet<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            for (String row : Files.readAllLines(Path.of(table)).subList(1, Files.readAllLines(Path.of(table)).size())) {
                String[] columns = row.trim().split("\\s+");
                boolean listening = columns[3].equals("0A");
                if (listening && sockets.contains(columns[9])) {
                    String local = columns[1];
                    ports.add(Integer.parseInt(local.substring(local.indexOf(':') + 1), 16));
                }
            }
        }
        return ports;
    }

    /** One scrape in Prometheus' text format: every sample, by its name and labels. */
    private record Scrape(String text, Map<String, Map<Map<String, String>, Double>> samples) {
        private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)$");
        private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

        static Scrape of(URI endpoint) throws IOException, InterruptedException {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(endpoint).GET()
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                    assertThat(type).startsWith("text/plain"));
            Map<String, Map<Map<String, String>, Double>> samples = new HashMap<>();
            for (String line : response.body().lines().toList()) {
                Matcher sample = SAMPLE.matcher(line);
                if (line.startsWith("#") || !sample.matches()) {
                    continue;
                }
                Map<String, String> labels = new HashMap<>();
                if (sample.group(2) != null) {
                    Matcher label = LABEL.matcher(sample.group(2));
                    while (label.find()) {
                        labels.put(label.group(1), label.group(2));
                    }
                }
                samples.computeIfAbsent(sample.group(1), n -> new HashMap<>())
                        .put(labels, Double.parseDouble(sample.group(3)));
            }
            return new Scrape(response.body(), samples);
        }

        /** The sum of the samples of {@code name} whose labels include {@code labelPairs}; 0 when there is none. */
        double value(String name, String... labelPairs) {
            double sum = 0;
            for (var sample : samples.getOrDefault(name, Map.of()).entrySet()) {
                boolean matches = true;
                for (int i = 0; i < labelPairs.length; i += 2) {
                    matches &= labelPairs[i + 1].equals(sample.getKey().get(labelPairs[i]));
                }
                if (matches) {
                    sum += sample.getValue();
                }
            }
            return sum;
        }

        long delta(Scrape before, String name, String... labelPairs) {
            return Math.round(value(name, labelPairs) - before.value(name, labelPairs));
        }
    }
}
