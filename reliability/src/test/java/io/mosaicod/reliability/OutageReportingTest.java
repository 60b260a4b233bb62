package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.grpc.Status;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.MosaicoException;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.testkit.ChildMosaicod;
import io.mosaicod.testkit.S3Server;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository or the store goes away while a client uploads to a server process (PostgreSQL behind a
 * {@link TcpProxy} that resets and refuses connections; a dedicated s3proxy halted). The client is told
 * {@code UNAVAILABLE} with the cause; the server logs the outage in one line when it begins and one when it ends —
 * no stack trace, no connection-pool advice — and serves again once the part is back.
 */
class OutageReportingTest {
    /** Less than the pool's 30 s wait for a connection, so the database returns while a request waits. */
    private static final Duration OUTAGE_AFTER_FIRST_FAILURE = Duration.ofSeconds(27);
    private static final Pattern SINCE = Pattern.compile("unavailable since (\\S+Z) \\(");
    private static final Pattern AFTER = Pattern.compile("is available again, after (\\d+) s");
    private static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null)));

    @TempDir
    Path dir;
    private S3Server s3;
    private TcpProxy proxy;
    private Deployment deployment;

    @BeforeEach
    void deploy() throws Exception {
        s3 = S3Server.dedicated();
        Backend.ScaleOut backend = new Backend.ScaleOut(dir, s3);
        proxy = new TcpProxy(backend.databasePort());
        deployment = new Deployment(backend.processesReachDatabaseAt(proxy.port()));
    }

    @AfterEach
    void tearDown() throws Exception {
        deployment.close();
        proxy.close();
        s3.close();
    }

    @FunctionalInterface
    interface Fault {
        void apply() throws Exception;
    }

    @Test
    void aDatabaseOutageMidUploadIsUnavailableToTheClientAndTwoLinesInTheLog() throws Exception {
        outageMidUpload(proxy::cut, proxy::restore, "repository");
    }

    @Test
    void anS3OutageMidUploadIsUnavailableToTheClientAndTwoLinesInTheLog() throws Exception {
        outageMidUpload(s3::halt, s3::resume, "store");
    }

    /**
     * A request that waits for a connection (the pool's 30 s) while the database is away fails once its wait is
     * over, and the log's WARN gives when the outage began (when that request began waiting), not when the wait
     * ran out; a request still waiting when the database returns is served, although the pool tries to reconnect
     * only every few seconds; and the INFO gives the outage's whole length.
     */
    @Test
    void theOutagesLinesGiveItsRealStartAndLengthAndARequestWaitingWhenTheDatabaseReturnsIsServed() throws Exception {
        try (ServerSession session = new ServerSession(deployment)) {
            MosaicoClient client = session.client();
            ChildMosaicod server = session.process();
            client.createSequence("before", JsonNodeFactory.instance.objectNode());
            // the pool hands out a connection used in the last 500 ms unchecked (which the cut resets at once);
            // older ones it checks and drops, so the request below waits for a new one, as on an idle server
            Thread.sleep(1_000);
            int linesBefore = server.logLines().size();
            proxy.cut();
            long cutNanos = System.nanoTime();
            Instant cutAt = Instant.now();
            MosaicoException first = catchThrowableOfType(MosaicoException.class,
                    () -> client.createSequence("during", JsonNodeFactory.instance.objectNode()));
            assertThat(first).as("a request whose whole wait falls in the outage").isNotNull();
            assertThat(first.code()).as(first.getMessage()).isEqualTo(Status.Code.UNAVAILABLE);
            assertThat(Duration.ofNanos(System.nanoTime() - cutNanos)).as("it failed when its wait ran out")
                    .isGreaterThan(Duration.ofSeconds(20));

            CompletableFuture<Void> waiting = CompletableFuture.runAsync(
                    () -> client.createSequence("returned", JsonNodeFactory.instance.objectNode()));
            // the outage goes on for most of the second request's wait, then the database returns within it
            Thread.sleep(OUTAGE_AFTER_FIRST_FAILURE.toMillis());
            proxy.restore();
            long outageSeconds = Duration.ofNanos(System.nanoTime() - cutNanos).toSeconds();
            waiting.get(1, TimeUnit.MINUTES);

            server.awaitLog(line -> line.contains("is available again"), Deployment.PROCESS_TIMEOUT);
            List<String> outage = server.logLines().subList(linesBefore, server.logLines().size());
            String log = String.join("\n", outage);
            List<String> warnings = outage.stream().filter(line -> line.contains("is unavailable")).toList();
            assertThat(warnings).as(log).hasSize(1);
            // the outage began when the line says it did: its own time, or the start it names if it came late
            String warn = warnings.get(0);
            Matcher since = SINCE.matcher(warn);
            Instant began = since.find() ? Instant.parse(since.group(1)) : Instant.parse(warn.split(" ")[0]);
            assertThat(Duration.between(cutAt, began).abs()).as(warn).isLessThanOrEqualTo(Duration.ofSeconds(3));
            Matcher after = AFTER.matcher(log);
            assertThat(after.find()).as(log).isTrue();
            assertThat(Long.parseLong(after.group(1))).as(log).isBetween(outageSeconds - 3, outageSeconds + 3);
            Campaign.report("database outage across a connection wait", "the outage lasted %d s; log:%n  %s",
                    outageSeconds, String.join("\n  ", outage));
        }
    }

    private void outageMidUpload(Fault takeDown, Fault bringBack, String part) throws Exception {
        try (ServerSession session = new ServerSession(deployment)) {
            MosaicoClient client = session.client();
            ChildMosaicod server = session.process();
            UUID imu = newTopic(client, "outage");
            int linesBefore = server.logLines().size();
            MosaicoException refused;
            try (TopicUpload upload = client.upload("outage/imu", imu, SCHEMA)) {
                put(client, upload, 0);
                takeDown.apply();
                try {
                    refused = catchThrowableOfType(MosaicoException.class, () -> {
                        for (int batch = 1; batch < 10_000; batch++) {
                            put(client, upload, batch);
                        }
                        upload.complete();
                    });
                } finally {
                    bringBack.apply();
                }
            }
            assertThat(refused).as("the upload across the outage").isNotNull();
            assertThat(refused.code()).as(refused.getMessage()).isEqualTo(Status.Code.UNAVAILABLE);
            assertThat(refused.serverMessage()).startsWith("The " + part + " is unavailable; retry later");

            server.awaitLog(line -> line.contains("is available again"), Deployment.PROCESS_TIMEOUT);
            List<String> outage = server.logLines().subList(linesBefore, server.logLines().size());
            assertThat(outage).as("the server's log of the outage").filteredOn(line -> line.contains("is unavailable"))
                    .hasSize(1);
            assertThat(outage).filteredOn(line -> line.contains("WARN") || line.contains("ERROR")
                    || line.startsWith("\tat ") || line.contains("Exception")).as(String.join("\n", outage))
                    .hasSizeLessThanOrEqualTo(2);

            Campaign.report(part + " outage mid-upload", "client told %s; server log during the outage:%n  %s",
                    refused.getMessage(), String.join("\n  ", outage));

            UUID after = newTopic(client, "after");
            try (TopicUpload upload = client.upload("after/imu", after, SCHEMA)) {
                put(client, upload, 0);
                upload.complete();
            }
        }
    }

    private static UUID newTopic(MosaicoClient client, String sequence) {
        client.createSequence(sequence, JsonNodeFactory.instance.objectNode());
        SessionHandle session = client.createSession(sequence);
        return client.createTopic(session.uuid(), new TopicSpec(sequence + "/imu", "default", "imu",
                JsonNodeFactory.instance.objectNode()));
    }

    /** Batch {@code n}: 100 rows with timestamps {@code [100 n, 100 n + 100)}. */
    private static void put(MosaicoClient client, TopicUpload upload, int n) {
        try (VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, client.allocator())) {
            BigIntVector timestamps = (BigIntVector) batch.getVector(0);
            timestamps.allocateNew(100);
            for (int r = 0; r < 100; r++) {
                timestamps.set(r, 100L * n + r);
            }
            batch.setRowCount(100);
            upload.put(batch);
        }
    }
}
