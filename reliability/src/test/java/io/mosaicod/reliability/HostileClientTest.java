package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.google.protobuf.ByteString;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.netty.NettyChannelBuilder;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.MosaicoException;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicReader;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.core.config.Settings;
import io.mosaicod.testkit.ChildMosaicod;
import io.mosaicod.testkit.RawFlight;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenario 7: a {@code mosaicod server} process against clients that do not play by the rules. Readers that
 * open a DoGet on a large topic and never read, each on its own connection: the server's resident memory stays
 * bounded (their streams let go of their reads), an honest reader meanwhile reads the whole topic, and every
 * stalled stream is cancelled after the stall timeout. Readers that cancel leave no stack trace in the log.
 * Connections that never send a request are closed. A notification forging a log line stays on its own line.
 * A forged batch, bytes that are no message, an over-long locator and over-deep metadata get their codes.
 * Short form: a ~64 MB topic and 50 stalled readers; long form: ~320 MB and 200 (the case of issue #21).
 */
class HostileClientTest {
    private static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null),
            Field.nullable("payload", ArrowType.Binary.INSTANCE)));
    private static final int PAYLOAD_BYTES = 16 * 1024;
    private static final int ROWS_PER_BATCH = 256;
    private static final Duration STALL_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(3);
    private static final long RSS_BOUND_BYTES = 1536L << 20;
    /** The server's own threads (event loops, pools, JIT, GC) are well under this; streams add one each. */
    private static final int BASE_THREADS = 100;

    @TempDir
    Path dir;

    @Test
    void hostileClientsGetExactAnswersWhileTheServerStaysBoundedAndQuiet() throws Exception {
        int stalledReaders = Campaign.size(50, 200);
        int batches = Campaign.size(16, 80); // 4 MiB each: ~64 MB or ~320 MB
        try (Deployment deployment = new Deployment(Backend.embedded(dir.resolve("data")));
             ServerSession session = new ServerSession(deployment, Map.of(
                     "MOSAICOD_READ_STALL_TIMEOUT", Long.toString(STALL_TIMEOUT.toSeconds()),
                     "MOSAICOD_CONNECTION_IDLE_TIMEOUT", Long.toString(IDLE_TIMEOUT.toSeconds())))) {
            MosaicoClient client = session.client();
            ChildMosaicod server = session.process();
            String locator = uploadLargeTopic(client, batches);
            Ticket ticket = client.topicInfo(locator).endpoint().ticket();
            long rows = (long) batches * ROWS_PER_BATCH;

            MemoryWatch watch = MemoryWatch.start(server.pid());
            List<ManagedChannel> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < stalledReaders; i++) {
                    ManagedChannel channel = channel(session.port());
                    stalled.add(channel);
                    openWithoutReading(channel, ticket);
                }
                long started = System.nanoTime();
                assertThat(readAll(session.port(), ticket)).as("rows the honest reader got").isEqualTo(rows);
                Duration honest = Duration.ofNanos(System.nanoTime() - started);
                server.awaitLog(line -> line.contains(" the stream of topic")
                        && countCancellations(server) == stalledReaders,
                        STALL_TIMEOUT.plus(Deployment.PROCESS_TIMEOUT));
                watch.stop();
                Campaign.report("hostile clients", "%d stalled readers on a %d MB topic: peak RSS %d MB "
                                + "(bound %d MB), peak threads %d; honest reader %d rows in %.1f s; all stalled streams "
                                + "cancelled after the %d s stall timeout", stalledReaders,
                        rows * PAYLOAD_BYTES >> 20, watch.peakRssBytes() >> 20, RSS_BOUND_BYTES >> 20,
                        watch.peakThreads(), rows, honest.toMillis() / 1000.0, STALL_TIMEOUT.toSeconds());
                // zero would mean no sample was taken, and would pass any bound
                assertThat(watch.peakRssBytes()).as("the server's peak resident memory").isPositive()
                        .isLessThan(RSS_BOUND_BYTES);
                assertThat(watch.peakThreads()).as("the server's peak thread count").isPositive()
                        .isLessThan(BASE_THREADS + Settings.MAX_READ_STREAMS.defaultValue().orElseThrow());
            } finally {
                watch.stop();
                for (ManagedChannel channel : stalled) {
                    channel.shutdownNow();
                }
            }

            cancelReads(session.port(), ticket, 100);
            assertThat(client.info().version()).isNotNull();
            assertThat(server.logLines()).as("stack trace lines in the server's log")
                    .filteredOn(line -> line.startsWith("\tat ") || line.contains("Exception")).isEmpty();

            refuseHostileRequests(client, session.port());
            forgeALogLine(client, server);
            assertIdleConnectionsAreClosed(session.port());
        }
    }

    /** Streams the server ended: cancelled for stalling or eviction, or refused (e.g. no memory left). */
    private static long countCancellations(ChildMosaicod server) {
        return server.logLines().stream().filter(line -> line.contains("cancelled the stream of topic")
                || line.contains("refused the stream of topic")).count();
    }

    /** A topic of {@code batches} × {@value #ROWS_PER_BATCH} rows of 16 KiB random payload, uploaded by DoPut. */
    private static String uploadLargeTopic(MosaicoClient client, int batches) {
        var metadata = JsonNodeFactory.instance.objectNode().put("robot", "r1");
        client.createSequence("hostile", metadata);
        SessionHandle session = client.createSession("hostile");
        String locator = "hostile/lidar";
        UUID uuid = client.createTopic(session.uuid(), new TopicSpec(locator, "default", "raw", metadata));
        Random random = new Random(7);
        byte[] payload = new byte[PAYLOAD_BYTES];
        try (TopicUpload upload = client.upload(locator, uuid, SCHEMA)) {
            for (int b = 0; b < batches; b++) {
                try (VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, client.allocator())) {
                    BigIntVector ts = (BigIntVector) batch.getVector(0);
                    VarBinaryVector data = (VarBinaryVector) batch.getVector(1);
                    for (int r = 0; r < ROWS_PER_BATCH; r++) {
                        random.nextBytes(payload);
                        ts.setSafe(r, (long) b * ROWS_PER_BATCH + r);
                        data.setSafe(r, payload);
                    }
                    batch.setRowCount(ROWS_PER_BATCH);
                    upload.put(batch);
                }
            }
            upload.complete();
        }
        client.finalizeSession(session.uuid());
        return locator;
    }

    private static ManagedChannel channel(int port) {
        return NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    }

    /** A DoGet that asks for no message: the client never reads. */
    private static ClientCall<Flight.Ticket, Flight.FlightData> openWithoutReading(ManagedChannel channel,
                                                                                  Ticket ticket) {
        ClientCall<Flight.Ticket, Flight.FlightData> call = channel.newCall(FlightServiceGrpc.getDoGetMethod(),
                CallOptions.DEFAULT);
        call.start(new ClientCall.Listener<>() { }, new Metadata());
        call.sendMessage(Flight.Ticket.newBuilder().setTicket(ByteString.copyFrom(ticket.getBytes())).build());
        call.halfClose();
        return call;
    }

    /** Reads the whole topic on a connection of its own; returns the rows. */
    private static long readAll(int port, Ticket ticket) throws InterruptedException {
        try (MosaicoClient honest = MosaicoClient.connect("127.0.0.1", port);
             TopicReader reader = honest.read(ticket)) {
            long rows = 0;
            while (reader.next()) {
                rows += reader.batch().getRowCount();
            }
            return rows;
        }
    }

    /** Opens {@code count} DoGets that read one message each, then cancels them. */
    private static void cancelReads(int port, Ticket ticket, int count) throws InterruptedException {
        ManagedChannel channel = channel(port);
        try {
            for (int i = 0; i < count; i++) {
                ClientCall<Flight.Ticket, Flight.FlightData> call = openWithoutReading(channel, ticket);
                call.request(1);
                call.cancel("the reader changed its mind", null);
            }
        } finally {
            channel.shutdownNow();
            channel.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /**
     * Requests of the other classes of issue #21, against the server process: a batch whose header claims twice
     * its rows, bytes that are no protobuf message, a 9,000-character locator, metadata nested 999 levels. Each
     * gets its code, nothing is stored, and the server keeps answering.
     */
    private static void refuseHostileRequests(MosaicoClient client, int port) throws Exception {
        var metadata = JsonNodeFactory.instance.objectNode().put("robot", "r1");
        SessionHandle session = client.createSession("hostile");
        String locator = "hostile/forged";
        UUID uuid = client.createTopic(session.uuid(), new TopicSpec(locator, "default", "raw", metadata));
        try (RawFlight raw = new RawFlight(port);
             VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, client.allocator())) {
            for (int r = 0; r < 1000; r++) {
                ((BigIntVector) batch.getVector(0)).setSafe(r, r);
                ((VarBinaryVector) batch.getVector(1)).setSafe(r, new byte[] {(byte) r});
            }
            batch.setRowCount(1000);
            RawFlight.Outcome forged = raw.doPut(List.of(RawFlight.schema(SCHEMA, RawFlight.putCommand(locator, uuid)),
                    RawFlight.forgedBatch(batch, 2000, nodes -> nodes, (body, layout) -> { })));
            assertThat(forged.status().getCode()).as("a batch declaring 2,000 rows over 1,000")
                    .isEqualTo(Status.Code.INVALID_ARGUMENT);
            byte[] garbage = {(byte) 0x0a, (byte) 0xff, (byte) 0xff};
            assertThat(raw.callWithBytes(FlightServiceGrpc.getGetFlightInfoMethod(), garbage).getCode())
                    .as("bytes that are no message").isEqualTo(Status.Code.INVALID_ARGUMENT);
        }
        assertThat(client.topicInfo(locator).flightInfo().getRecords()).as("rows stored by the forged batch").isZero();
        MosaicoException longLocator = org.assertj.core.api.Assertions.catchThrowableOfType(MosaicoException.class,
                () -> client.createTopic(session.uuid(), new TopicSpec("hostile/" + "t".repeat(9_000), "default",
                        "raw", metadata)));
        assertThat(longLocator.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(longLocator.serverMessage()).hasSizeLessThan(1100);
        String deep = "{\"a\":".repeat(998) + "{}" + "}".repeat(998);
        MosaicoException tooDeep = org.assertj.core.api.Assertions.catchThrowableOfType(MosaicoException.class,
                () -> client.rawAction("sequence_create", ("{\"locator\":\"deep\",\"user_metadata\":" + deep + "}")
                        .getBytes(StandardCharsets.UTF_8)));
        assertThat(tooDeep.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(client.info().version()).isNotNull();
    }

    /** A notification whose message carries a newline and a fake log line stays inside its own line. */
    private static void forgeALogLine(MosaicoClient client, ChildMosaicod server) throws InterruptedException {
        String fake = "2026-12-01T00:00:00.000Z ERROR io.mosaicod.server.MosaicodServer: database corrupted";
        client.notifySequenceError("hostile", "all good\n" + fake);
        server.awaitLog(line -> line.contains("all good"), Deployment.PROCESS_TIMEOUT);
        assertThat(server.logLines()).noneMatch(line -> line.startsWith(fake));
    }

    /** A connection that sends only the HTTP/2 preface, and one that sends nothing, are closed by the server. */
    private static void assertIdleConnectionsAreClosed(int port) throws IOException {
        byte[] preface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        byte[] emptySettings = {0, 0, 0, 4, 0, 0, 0, 0, 0};
        for (boolean sendPreface : new boolean[] {true, false}) {
            try (Socket socket = new Socket("127.0.0.1", port)) {
                socket.setSoTimeout((int) Deployment.PROCESS_TIMEOUT.toMillis());
                if (sendPreface) {
                    OutputStream out = socket.getOutputStream();
                    out.write(preface);
                    out.write(emptySettings);
                    out.flush();
                }
                long opened = System.nanoTime();
                InputStream in = socket.getInputStream();
                try {
                    while (in.read() >= 0) {
                        // the server's SETTINGS and pings; the test waits for the end of the stream
                    }
                } catch (SocketTimeoutException e) {
                    throw new AssertionError("the server kept an idle connection open", e);
                } catch (IOException reset) {
                    // closed by the server with a reset: also closed
                }
                Duration open = Duration.ofNanos(System.nanoTime() - opened);
                Campaign.report("hostile clients", "a connection that sent %s was closed after %.1f s",
                        sendPreface ? "only the HTTP/2 preface" : "nothing", open.toMillis() / 1000.0);
                assertThat(open).isLessThan(Duration.ofSeconds(60));
            }
        }
    }

    /** Samples a process's resident memory and thread count from /proc until stopped. */
    private static final class MemoryWatch {
        private final Path status;
        private final AtomicLong peakRss = new AtomicLong();
        private final AtomicLong peakThreads = new AtomicLong();
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Thread sampler;

        private MemoryWatch(long pid) {
            this.status = Path.of("/proc", Long.toString(pid), "status");
            this.sampler = new Thread(this::sample, "rss-sampler");
            this.sampler.setDaemon(true);
        }

        static MemoryWatch start(long pid) {
            MemoryWatch watch = new MemoryWatch(pid);
            assumeTrue(Files.isReadable(watch.status), "cannot sample the server's memory: no " + watch.status);
            watch.sampler.start();
            return watch;
        }

        private void sample() {
            while (running.get()) {
                try {
                    for (String line : Files.readAllLines(status)) {
                        if (line.startsWith("VmRSS:")) {
                            peakRss.accumulateAndGet(kilobytes(line) * 1024, Math::max);
                        } else if (line.startsWith("Threads:")) {
                            peakThreads.accumulateAndGet(kilobytes(line), Math::max);
                        }
                    }
                    Thread.sleep(50); // the sampling period, not a synchronization
                } catch (IOException | InterruptedException e) {
                    return;
                }
            }
        }

        private static long kilobytes(String line) {
            return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }

        void stop() throws InterruptedException {
            running.set(false);
            sampler.join();
        }

        long peakRssBytes() {
            return peakRss.get();
        }

        long peakThreads() {
            return peakThreads.get();
        }
    }
}
