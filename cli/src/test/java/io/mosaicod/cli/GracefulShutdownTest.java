package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.MosaicoException;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.testkit.ChildMosaicod;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code mosaicod server} process stopped with SIGTERM while a client uploads: the upload in progress
 * finishes and is finalized, a new upload is turned away, the health service says NOT_SERVING meanwhile, and the
 * process exits 0 once the upload is done — or, with a short grace period, leaves a stalled upload unfinished.
 */
class GracefulShutdownTest {
    private static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null)));

    @TempDir
    Path dataDir;

    @Test
    void aRunningUploadFinishesWhileNewOnesAreTurnedAwayThenTheServerExits() throws Exception {
        try (ChildMosaicod server = startServer("60")) {
            int port = port(server);
            try (MosaicoClient client = MosaicoClient.connect("127.0.0.1", port)) {
                client.createSequence("drive", JsonNodeFactory.instance.objectNode());
                SessionHandle session = client.createSession("drive");
                UUID imu = newTopic(client, session, "drive/imu");
                UUID gps = newTopic(client, client.createSession("drive"), "drive/gps");
                MainRun serving = healthCommand(port);
                assertThat(serving.exitCode()).as(serving.err()).isZero();
                assertThat(serving.out().strip()).isEqualTo("SERVING");
                try (TopicUpload upload = client.upload("drive/imu", imu, SCHEMA)) {
                    put(client, upload, 0, 100);

                    server.signal("TERM");
                    server.awaitLog(line -> line.contains("Stop requested"), Duration.ofSeconds(30));
                    assertThat(health(port)).isEqualTo(ServingStatus.NOT_SERVING);
                    MainRun draining = healthCommand(port);
                    assertThat(draining.exitCode()).isEqualTo(ExitCode.FATAL);
                    assertThat(draining.out().strip()).isEqualTo("NOT_SERVING");
                    MosaicoException refused = catchThrowableOfType(MosaicoException.class, () -> {
                        try (TopicUpload late = client.upload("drive/gps", gps, SCHEMA)) {
                            put(client, late, 0, 10);
                            late.complete();
                        }
                    });
                    assertThat(refused).as("a new upload while stopping").isNotNull();
                    assertThat(refused.getMessage()).contains("shutting down");

                    put(client, upload, 100, 200);
                    upload.complete();
                }
                client.finalizeSession(session.uuid());
            }
            assertThat(server.awaitExit(Duration.ofMinutes(1))).isZero();
            MainRun gone = healthCommand(port);
            assertThat(gone.exitCode()).isEqualTo(ExitCode.FATAL);
            assertThat(gone.errLines()).singleElement().asString()
                    .startsWith("mosaicod: nothing answers at 127.0.0.1:" + port);
        }
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(dataDir.resolve("mosaico.db")))) {
            Topic imu = repository.catalog().findTopicByLocator("drive/imu").orElseThrow();
            assertThat(repository.catalog().listChunks(imu.id()).stream().mapToLong(c -> c.rowCount()).sum())
                    .as("every row of the upload that ran through the stop").isEqualTo(200);
        }
    }

    @Test
    void anUploadStalledPastTheGracePeriodIsCutOffAndTheServerStillExits() throws Exception {
        try (ChildMosaicod server = startServer("2")) {
            int port = port(server);
            try (MosaicoClient client = MosaicoClient.connect("127.0.0.1", port)) {
                client.createSequence("stall", JsonNodeFactory.instance.objectNode());
                SessionHandle session = client.createSession("stall");
                UUID imu = newTopic(client, session, "stall/imu");
                TopicUpload upload = client.upload("stall/imu", imu, SCHEMA);
                put(client, upload, 0, 100);
                long signalled = System.nanoTime();
                server.signal("TERM");
                assertThat(server.awaitExit(Duration.ofMinutes(1))).isZero();
                assertThat(Duration.ofNanos(System.nanoTime() - signalled)).as("the grace period, not the upload")
                        .isLessThan(Duration.ofSeconds(30));
                assertThat(server.log()).contains("shutdown grace period");
                try {
                    upload.close();
                } catch (RuntimeException expected) {
                    // the server cut the upload off; closing it only frees the client's side
                }
            }
        }
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(dataDir.resolve("mosaico.db")))) {
            assertThat(repository.catalog().findTopicByLocator("stall/imu").orElseThrow().isUploadComplete())
                    .as("the cut-off upload is not complete").isFalse();
        }
    }

    private ChildMosaicod startServer(String graceSeconds) throws Exception {
        return ChildMosaicod.start(Map.of("MOSAICOD_DATA_DIR", dataDir.toString(),
                "MOSAICOD_SHUTDOWN_GRACE_PERIOD", graceSeconds), "server", "--port", "0");
    }

    private static int port(ChildMosaicod server) throws InterruptedException {
        String listening = server.awaitLog(line -> line.contains("listening on"), Duration.ofMinutes(1));
        Matcher port = Pattern.compile("listening on [^ ]*:(\\d+)").matcher(listening);
        assertThat(port.find()).as(listening).isTrue();
        return Integer.parseInt(port.group(1));
    }

    private static UUID newTopic(MosaicoClient client, SessionHandle session, String locator) {
        return client.createTopic(session.uuid(), new TopicSpec(locator, "default", "test",
                JsonNodeFactory.instance.objectNode()));
    }

    /** One batch of rows with timestamps {@code [from, to)}. */
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

    /** {@code mosaicod health --port PORT}, as a container's health check runs it. */
    private MainRun healthCommand(int port) {
        return MainRun.of(dataDir, new HashMap<>(), "health", "--port", String.valueOf(port));
    }

    private static ServingStatus health(int port) {
        ManagedChannel channel = Grpc.newChannelBuilderForAddress("127.0.0.1", port, InsecureChannelCredentials.create())
                .build();
        try {
            return HealthGrpc.newBlockingStub(channel).check(HealthCheckRequest.getDefaultInstance()).getStatus();
        } catch (StatusRuntimeException e) {
            throw new AssertionError("the health service did not answer: " + e.getStatus(), e);
        } finally {
            channel.shutdownNow();
        }
    }
}
