package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.apache.arrow.vector.BigIntVector;
import org.junit.jupiter.api.Test;

/**
 * What one client may hold of the server's reads: a DoGet whose client stops reading is cancelled after the
 * stall timeout while an honest reader on another connection reads the whole topic; a DoGet its client
 * cancels stops within a second.
 */
class ClientLimitsTest extends ServerFixture {
    private static final Duration STALL_TIMEOUT = Duration.ofSeconds(3);
    /** Longer than a stream waits for its client before letting go of its read (1 s), shorter than the stall. */
    private static final long PAUSE_MILLIS = 1_600;
    private static final int ROWS = 500_000;
    private static final int STALLED_READERS = 20;
    /** Above what the other tests open at once (the fixture's client, a stalled readers' channel, a reader). */
    private static final int MAX_CONNECTIONS = 12;
    private static final int MAX_READ_STREAMS = STALLED_READERS + 4;
    /** Between the stalled readers (one connection) and the read streams the server allows. */
    private static final int MAX_STREAMS_PER_CONNECTION = STALLED_READERS + 2;

    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }

    @Override
    ServerSettings settings() {
        return super.settings().withClientLimits(new ServerSettings.ClientLimits(STALL_TIMEOUT, MAX_STREAMS_PER_CONNECTION,
                Duration.ofSeconds(300), MAX_CONNECTIONS, MAX_READ_STREAMS));
    }

    /** A topic of {@value #ROWS} rows (~15 MB of Arrow): more than gRPC's windows buffer for a stalled reader. */
    private Ticket largeTopic(String name) {
        return largeTopic(name, ROWS, 1);
    }

    /** A topic of {@code rows} rows, each timestamp on {@code rowsPerTimestamp} of them. */
    private Ticket largeTopic(String name, int rows, int rowsPerTimestamp) {
        SessionHandle session = newSession(name);
        UUID uuid = newTopic(session, "x");
        long[][] batches = new long[10][];
        for (int b = 0; b < batches.length; b++) {
            batches[b] = LongStream.range((long) b * rows / 10, (long) (b + 1) * rows / 10)
                    .map(row -> row / rowsPerTimestamp).toArray();
        }
        String locator = sequenceOf(session) + "/x";
        upload(locator, uuid, batches);
        return client.topicInfo(locator).endpoint().ticket();
    }

    /** A connection of its own to the server, for calls at the gRPC level. */
    private final class RawChannel implements AutoCloseable {
        private final ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port())
                .usePlaintext().build();

        /** A DoGet that asks for no message, as a client that never reads. */
        ClientCall<Flight.Ticket, Flight.FlightData> openDoGet(Ticket ticket, CompletableFuture<Status> closed) {
            return openDoGet(ticket, closed, new CompletableFuture<>());
        }

        /** As above; {@code started} completes when the response headers arrive, or fails if the call ends first. */
        ClientCall<Flight.Ticket, Flight.FlightData> openDoGet(Ticket ticket, CompletableFuture<Status> closed,
                                                               CompletableFuture<Void> started) {
            ClientCall<Flight.Ticket, Flight.FlightData> call = channel.newCall(FlightServiceGrpc.getDoGetMethod(),
                    CallOptions.DEFAULT);
            call.start(new ClientCall.Listener<>() {
                @Override
                public void onHeaders(Metadata headers) {
                    started.complete(null);
                }

                @Override
                public void onClose(Status status, Metadata trailers) {
                    started.completeExceptionally(new AssertionError("the stream closed before it started: " + status));
                    closed.complete(status);
                }
            }, new Metadata());
            call.sendMessage(Flight.Ticket.newBuilder().setTicket(ByteString.copyFrom(ticket.getBytes())).build());
            call.halfClose();
            return call;
        }

        /** A DoAction that asks for no Result until told to; counts the Results it then gets. */
        ClientCall<Flight.Action, Flight.Result> openDoAction(String type, String body, CompletableFuture<Status> closed,
                                                             AtomicInteger results) {
            ClientCall<Flight.Action, Flight.Result> call = channel.newCall(FlightServiceGrpc.getDoActionMethod(),
                    CallOptions.DEFAULT);
            call.start(new ClientCall.Listener<>() {
                @Override
                public void onMessage(Flight.Result message) {
                    results.incrementAndGet();
                }

                @Override
                public void onClose(Status status, Metadata trailers) {
                    closed.complete(status);
                }
            }, new Metadata());
            call.sendMessage(Flight.Action.newBuilder().setType(type)
                    .setBody(ByteString.copyFromUtf8(body)).build());
            call.halfClose();
            return call;
        }

        @Override
        public void close() throws InterruptedException {
            channel.shutdownNow();
            channel.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void readersThatStopReadingAreCancelledAfterTheStallTimeoutWhileAnHonestReaderReadsEverything()
            throws Exception {
        Ticket ticket = largeTopic("stalled");
        List<ClientCall<Flight.Ticket, Flight.FlightData>> stalled = new ArrayList<>();
        List<CompletableFuture<Status>> stalledEnds = new ArrayList<>();
        try (RawChannel channel = new RawChannel()) {
            for (int i = 0; i < STALLED_READERS; i++) {
                CompletableFuture<Status> closed = new CompletableFuture<>();
                stalledEnds.add(closed);
                stalled.add(channel.openDoGet(ticket, closed));
            }
            Eventually.await("the stalled streams to start", Duration.ofSeconds(20),
                    () -> server.openReadStreams() == STALLED_READERS);
            long rows = 0;
            long last = Long.MIN_VALUE;
            try (MosaicoClient honest = server.newClient(); TopicReader reader = honest.read(ticket)) {
                while (reader.next()) {
                    BigIntVector ts = (BigIntVector) reader.batch().getVector("timestamp_ns");
                    for (int r = 0; r < ts.getValueCount(); r++) {
                        assertThat(ts.get(r)).isGreaterThan(last);
                        last = ts.get(r);
                    }
                    rows += ts.getValueCount();
                }
            }
            assertThat(rows).isEqualTo(ROWS);
            long before = System.nanoTime();
            Eventually.await("the stalled streams to be cancelled", Duration.ofSeconds(30),
                    () -> server.openReadStreams() == 0);
            assertThat(Duration.ofNanos(System.nanoTime() - before)).isLessThan(STALL_TIMEOUT.multipliedBy(5));
            // reset, not closed behind the messages gRPC queued for them (which they would get first, then the
            // stall's DEADLINE_EXCEEDED): once they read, they get what had reached them and the reset
            stalled.forEach(call -> call.request(Integer.MAX_VALUE));
            for (CompletableFuture<Status> closed : stalledEnds) {
                assertThat(closed.get(10, TimeUnit.SECONDS).getCode()).isEqualTo(Status.Code.CANCELLED);
            }
        }
    }

    /**
     * Arrow's DoAction handed every Result to gRPC at once: a client that read nothing had all of a topic's clusters
     * queued for it. The server's own waits for its client, and resets the call at the stall timeout.
     */
    @Test
    void aClusterizeWhoseClientReadsNothingSendsOnlyWhatItsWindowHoldsAndIsResetAtTheStallTimeout() throws Exception {
        int rows = 200_000;
        SessionHandle session = newSession("clusters");
        UUID uuid = newTopic(session, "x");
        long[][] batches = new long[10][];
        for (int b = 0; b < batches.length; b++) {
            // 10 ns apart, clustered 1 ns apart: every row is a cluster of its own, a Result each
            batches[b] = LongStream.range((long) b * rows / 10, (long) (b + 1) * rows / 10).map(row -> row * 10)
                    .toArray();
        }
        String locator = sequenceOf(session) + "/x";
        upload(locator, uuid, batches);
        String request = ("{'locator':'" + locator + "','clustering_dt_ns':1,'ontology':{'test.value':{'$geq':0}},"
                + "'timestamp_range':null}").replace('\'', '"');
        try (RawChannel channel = new RawChannel()) {
            CompletableFuture<Status> closed = new CompletableFuture<>();
            AtomicInteger results = new AtomicInteger();
            ClientCall<Flight.Action, Flight.Result> call = channel.openDoAction("topic_filter_clusterize", request,
                    closed, results);

            Thread.sleep(STALL_TIMEOUT.multipliedBy(2).toMillis()); // the client reads nothing, past the stall timeout
            call.request(Integer.MAX_VALUE);

            Status status = closed.get(30, TimeUnit.SECONDS);
            assertThat(status.getCode()).as("%s after %d Results", status, results.get())
                    .isIn(Status.Code.CANCELLED, Status.Code.DEADLINE_EXCEEDED);
            assertThat(results.get()).as("what the windows held when the client stopped").isBetween(1, rows / 4);
        }
        assertThat(client.clusterize(request)).as("an honest client gets them all").hasSize(rows);
    }

    /**
     * A client that pauses longer than a stream waits before letting go of its read gets every row once, in
     * order, ties included: the stream resumes at the last timestamp sent and skips the tied rows already sent.
     */
    @Test
    void aClientThatPausesGetsEveryRowOnceWhileItsStreamLetsGoOfItsRead() throws Exception {
        int rowsPerTimestamp = 7;
        // more than the client's own read-ahead and gRPC's windows hold, so that its pauses reach the server
        int rows = 4 * ROWS;
        Ticket ticket = largeTopic("paused", rows, rowsPerTimestamp);
        long parkingsBefore = server.readStreamParkings();
        Map<Long, Integer> rowsByTimestamp = new HashMap<>();
        long last = Long.MIN_VALUE;
        int batches = 0;
        try (MosaicoClient paused = server.newClient(); TopicReader reader = paused.read(ticket)) {
            while (reader.next()) {
                BigIntVector ts = (BigIntVector) reader.batch().getVector("timestamp_ns");
                for (int r = 0; r < ts.getValueCount(); r++) {
                    assertThat(ts.get(r)).isGreaterThanOrEqualTo(last);
                    last = ts.get(r);
                    rowsByTimestamp.merge(last, 1, Integer::sum);
                }
                if (++batches % 10 == 1) {
                    // the stimulus: a client busy elsewhere, longer than a stream waits before letting go
                    Thread.sleep(PAUSE_MILLIS);
                }
            }
        }
        assertThat(server.readStreamParkings()).isGreaterThan(parkingsBefore);
        assertThat(rowsByTimestamp).hasSize(rows / rowsPerTimestamp + (rows % rowsPerTimestamp == 0 ? 0 : 1));
        assertThat(rowsByTimestamp.values().stream().mapToLong(Integer::longValue).sum()).isEqualTo(rows);
        assertThat(rowsByTimestamp.entrySet()).allSatisfy(entry -> assertThat(entry.getValue())
                .as("rows at timestamp %d", entry.getKey())
                .isEqualTo(entry.getKey() == (rows - 1) / rowsPerTimestamp && rows % rowsPerTimestamp != 0
                        ? rows % rowsPerTimestamp : rowsPerTimestamp));
    }

    @Test
    void aReadItsClientCancelsStopsWithinASecond() throws Exception {
        Ticket ticket = largeTopic("cancel");
        try (RawChannel channel = new RawChannel()) {
            List<ClientCall<Flight.Ticket, Flight.FlightData>> calls = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                calls.add(channel.openDoGet(ticket, new CompletableFuture<>()));
            }
            Eventually.await("the streams to start", Duration.ofSeconds(20), () -> server.openReadStreams() == 5);
            long cancelled = System.nanoTime();
            calls.forEach(call -> call.cancel("the test cancels", null));
            Eventually.await("the cancelled streams to stop", Duration.ofSeconds(20),
                    () -> server.openReadStreams() == 0);
            assertThat(Duration.ofNanos(System.nanoTime() - cancelled)).isLessThan(Duration.ofSeconds(1));
            Eventually.await("the cancelled streams' batches to be let go", Duration.ofSeconds(20),
                    () -> server.readMemoryBytes() == 0);
        }
    }

    @Test
    void readStreamsPastTheCapAreRefusedUntilSomeEnd() throws Exception {
        Ticket ticket = largeTopic("capped");
        try (RawChannel channel = new RawChannel(); RawChannel other = new RawChannel()) {
            List<ClientCall<Flight.Ticket, Flight.FlightData>> calls = new ArrayList<>();
            for (int i = 0; i < MAX_READ_STREAMS; i++) {
                calls.add((i % 2 == 0 ? channel : other).openDoGet(ticket, new CompletableFuture<>()));
            }
            Eventually.await("the streams to start", Duration.ofSeconds(20),
                    () -> server.openReadStreams() == MAX_READ_STREAMS);
            MosaicoException refusal = assertRefused(Status.Code.RESOURCE_EXHAUSTED, () -> {
                try (TopicReader reader = client.read(ticket)) {
                    reader.next();
                }
            });
            assertThat(refusal.serverMessage()).contains("MOSAICOD_MAX_READ_STREAMS");
            calls.forEach(call -> call.cancel("the test makes room", null));
            Eventually.await("the cancelled streams to stop", Duration.ofSeconds(20),
                    () -> server.openReadStreams() == 0);
            try (TopicReader reader = client.read(ticket)) {
                assertThat(reader.next()).isTrue();
            }
        }
    }

    /**
     * Calls past the streams one connection may have open wait in the client, not on the server, and start as the
     * first ones end.
     */
    @Test
    void streamsPastTheCapOfOneConnectionWaitInTheClient() throws Exception {
        Ticket ticket = largeTopic("one-connection");
        // no more than the read-stream cap leaves room for: the server counts a stream it ended until its reader
        // lets go, so more could reach it before then and be refused RESOURCE_EXHAUSTED
        int waiting = MAX_READ_STREAMS - MAX_STREAMS_PER_CONNECTION;
        try (RawChannel channel = new RawChannel()) {
            List<ClientCall<Flight.Ticket, Flight.FlightData>> calls = new ArrayList<>();
            List<CompletableFuture<Status>> ends = new ArrayList<>();
            List<CompletableFuture<Void>> starts = new ArrayList<>();
            for (int i = 0; i < MAX_STREAMS_PER_CONNECTION + waiting; i++) {
                CompletableFuture<Status> closed = new CompletableFuture<>();
                CompletableFuture<Void> started = new CompletableFuture<>();
                ends.add(closed);
                starts.add(started);
                calls.add(channel.openDoGet(ticket, closed, started));
            }
            // which calls the client sends first is its own choice: count them, do not name them
            Eventually.await("the connection's streams to start", Duration.ofSeconds(20),
                    () -> started(starts).size() >= MAX_STREAMS_PER_CONNECTION);
            int startedFirst = started(starts).size();
            boolean aStreamEnded = ends.stream().anyMatch(CompletableFuture::isDone);
            assertThat(startedFirst > MAX_STREAMS_PER_CONNECTION && !aStreamEnded)
                    .as("%d streams started on one connection", startedFirst).isFalse();
            assertThat(server.openReadStreams()).isLessThanOrEqualTo(MAX_STREAMS_PER_CONNECTION);
            // the server ends the first ones at the stall timeout; not cancelled here, because grpc-java's client
            // sends the calls it held back only at its next flush when its own cancel is what made room
            CompletableFuture.allOf(starts.toArray(CompletableFuture[]::new)).get(20, TimeUnit.SECONDS);
            calls.forEach(call -> call.cancel("the test ends", null));
            for (CompletableFuture<Status> closed : ends) {
                assertThat(closed.get(20, TimeUnit.SECONDS).getCode()).isEqualTo(Status.Code.CANCELLED);
            }
        }
    }

    private static List<Integer> started(List<CompletableFuture<Void>> starts) {
        return IntStream.range(0, starts.size()).filter(i -> starts.get(i).isDone()).boxed().toList();
    }

    /**
     * With the server at its connection cap, one more connection is closed as it arrives; once one of the
     * others closes, a new client is served.
     */
    @Test
    void connectionsPastTheCapAreClosedAsTheyArrive() throws Exception {
        List<Socket> held = new ArrayList<>();
        try {
            while (server.openConnections() < MAX_CONNECTIONS) {
                Socket socket = connect();
                held.add(socket);
                assertThat(socket.getInputStream().read()).as("the server's first byte (its SETTINGS)")
                        .isNotNegative();
            }
            try (Socket refused = connect()) {
                int first;
                try {
                    first = refused.getInputStream().read();
                } catch (SocketException reset) {
                    first = -1;
                }
                assertThat(first).as("what the server sends a connection past its cap").isEqualTo(-1);
            }
            held.remove(0).close();
            Eventually.await("a held connection to close", Duration.ofSeconds(10),
                    () -> server.openConnections() < MAX_CONNECTIONS);
            try (MosaicoClient late = server.newClient()) {
                assertThat(late.info().version()).isNotNull();
            }
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket("127.0.0.1", server.port());
        socket.setSoTimeout(10_000);
        return socket;
    }
}
