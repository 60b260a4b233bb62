package io.mosaicod.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.io.FileTrees;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * How a {@link BenchDataset} gets into its data folder: through DoPut, as users' data does. A
 * {@code mosaicod server} on the folder (the embedded defaults, SQLite and the local store, launched through
 * {@code bin/mosaicod} as an operator runs it) is sent one sequence {@code bench}, one session and, per topic, one
 * DoPut of the spec's batches, each of which it writes as one chunk with the writer profile of the topic's
 * serialization format; the session is finalized and the server stopped.
 *
 * <p>The figures are the server's: the client generates batches in rounds of up to {@value #ROUND_BYTES} bytes of
 * Arrow with the clock stopped, then sends a round with it running, until the server confirmed the round's last
 * batch stored (a topic's creation, its DoPut's opening and its completion are timed too). Before the clock first
 * runs, the first round goes, repeated up to {@value #WARM_UP_BYTES} bytes but no more batches than the dataset
 * has, to a topic of a sequence deleted afterwards, so that the figures are those of a running server rather than
 * of its JIT compilers (a cold server compiles for most of its first seconds: {@link FleetBenchmark}'s warm-up).
 */
final class DatasetUpload {
    static final long ROUND_BYTES = 64L << 20;
    static final long WARM_UP_BYTES = 64L << 20;
    private static final String SEQUENCE = "bench";
    private static final String WARM_UP_SEQUENCE = "bench_warm_up";
    private static final String ONTOLOGY_TAG = "bench";
    /** How long a round's last batch may take to be confirmed: the disk's worst moment, with room. */
    private static final Duration STORED_TIMEOUT = Duration.ofMinutes(5);

    /**
     * What the upload measured: batches (= chunks) and rows; the Arrow bytes of the batches sent (their vectors'
     * buffers); the timed seconds; batches sent to the warm-up topic; the server's peak RSS (the warm-up included),
     * its CPU seconds while timed, and how much of that its JIT compilers used.
     */
    record Figures(int batches, long rows, long arrowBytes, double seconds, long warmUpBatches,
                   long serverPeakRssBytes, double serverCpuSeconds, double serverCompileSeconds) {
        double arrowMegabytesPerSecond() {
            return arrowBytes / 1e6 / seconds;
        }

        double rowsPerSecond() {
            return rows / seconds;
        }
    }

    private final MosaicoClient client;
    private final ServerProcess server;
    private final BenchDataset.Spec spec;
    private final Random random;
    private final ObjectNode noMetadata = JsonNodeFactory.instance.objectNode();
    private int batches;
    private long rows;
    private long arrowBytes;
    private long warmUpBatches;
    private long timedNanos;
    private double serverCpuSeconds;
    private double serverCompileSeconds;
    /** Where the clock, the server's CPU time and its compilers' stood when the clock last started. */
    private long clockStarted;
    private double cpuAtStart;
    private double compileAtStart;

    private DatasetUpload(MosaicoClient client, ServerProcess server, BenchDataset.Spec spec) {
        this.client = client;
        this.server = server;
        this.spec = spec;
        this.random = new Random(spec.seed());
    }

    /** Uploads {@code spec}'s topics into the empty data folder {@code dataDir}; see the class comment. */
    static Figures upload(Path dataDir, BenchDataset.Spec spec) throws IOException, InterruptedException {
        Figures figures;
        try (ServerProcess server = ServerProcess.launch(Map.of("MOSAICOD_DATA_DIR", dataDir.toString()), dataDir)) {
            DatasetUpload upload;
            try (MosaicoClient client = MosaicoClient.connect("127.0.0.1", server.port())) {
                upload = new DatasetUpload(client, server, spec);
                upload.topics();
            }
            figures = new Figures(upload.batches, upload.rows, upload.arrowBytes, upload.timedNanos / 1e9,
                    upload.warmUpBatches, server.peakRssBytes(), upload.serverCpuSeconds, upload.serverCompileSeconds);
            server.stop();
        }
        removeUnreferencedFolders(dataDir);
        return figures;
    }

    /** Every topic of the spec, in one session. */
    private void topics() throws InterruptedException {
        client.createSequence(SEQUENCE, noMetadata);
        SessionHandle session = client.createSession(SEQUENCE);
        for (int t = 0; t < spec.topics(); t++) {
            topic(session, spec.locator(t), t == 0);
        }
        client.finalizeSession(session.uuid());
    }

    /** One topic's DoPut, timed round by round, after the warm-up if {@code warmUpFirst}. */
    private void topic(SessionHandle session, String locator, boolean warmUpFirst) throws InterruptedException {
        Round round = new Round(0);
        try {
            if (warmUpFirst) {
                warmUp(round);
            }
            startClock();
            UUID uuid = client.createTopic(session.uuid(),
                    new TopicSpec(locator, spec.shape().serializationFormat(), ONTOLOGY_TAG, noMetadata));
            try (TopicUpload upload = client.upload(locator, uuid, spec.shape().schema())) {
                while (true) {
                    for (VectorSchemaRoot batch : round.batches) {
                        upload.put(batch);
                    }
                    count(round);
                    if (round.end == spec.chunks()) {
                        upload.complete();
                        stopClock();
                        return;
                    }
                    long stored = upload.awaitStored(upload.sent(), STORED_TIMEOUT);
                    stopClock();
                    if (stored < upload.sent()) {
                        throw new IllegalStateException("the server confirmed " + stored + " of the "
                                + upload.sent() + " batches of " + locator + " sent within " + STORED_TIMEOUT);
                    }
                    int next = round.end;
                    round.close();
                    round = new Round(next);
                    startClock();
                }
            }
        } finally {
            round.close();
        }
    }

    /**
     * Sends {@code round}'s batches, over and over, to a topic of a sequence of its own until {@value #WARM_UP_BYTES}
     * bytes or as many batches as the dataset has went (a tiny dataset's warm-up must not outlast it by far), then
     * deletes that sequence.
     */
    private void warmUp(Round round) {
        client.createSequence(WARM_UP_SEQUENCE, noMetadata);
        SessionHandle session = client.createSession(WARM_UP_SEQUENCE);
        String topic = WARM_UP_SEQUENCE + "/topic";
        UUID uuid = client.createTopic(session.uuid(),
                new TopicSpec(topic, spec.shape().serializationFormat(), ONTOLOGY_TAG, noMetadata));
        long sent = 0;
        long datasetBatches = (long) spec.chunks() * spec.topics();
        try (TopicUpload upload = client.upload(topic, uuid, spec.shape().schema())) {
            for (long bytes = 0; bytes < WARM_UP_BYTES && sent < datasetBatches; sent++) {
                int b = (int) (sent % round.batches.size());
                upload.put(round.batches.get(b));
                bytes += round.bytes.get(b);
            }
            upload.complete();
        }
        client.deleteSequence(WARM_UP_SEQUENCE);
        warmUpBatches = sent;
    }

    private void count(Round round) {
        batches += round.batches.size();
        rows += round.rows;
        arrowBytes += round.arrowBytes;
    }

    private void startClock() {
        cpuAtStart = ChildJvm.cpuSeconds(server.pid());
        compileAtStart = CompilerTime.seconds(server.pid());
        clockStarted = System.nanoTime();
    }

    private void stopClock() {
        timedNanos += System.nanoTime() - clockStarted;
        serverCpuSeconds += ChildJvm.cpuSeconds(server.pid()) - cpuAtStart;
        serverCompileSeconds += CompilerTime.seconds(server.pid()) - compileAtStart;
    }

    /**
     * The next batches of the topic being uploaded, from chunk {@code start}, up to {@value #ROUND_BYTES} bytes of
     * Arrow or the topic's end, generated from the upload's random state in chunk order (so the rows are those of
     * the spec, whatever the rounds).
     */
    private final class Round implements AutoCloseable {
        final List<VectorSchemaRoot> batches = new ArrayList<>();
        final List<Long> bytes = new ArrayList<>();
        final int end;
        long rows;
        long arrowBytes;

        Round(int start) {
            int chunk = start;
            try {
                while (chunk < spec.chunks() && arrowBytes < ROUND_BYTES) {
                    VectorSchemaRoot batch = spec.batch(client.allocator(), random, chunk++);
                    batches.add(batch);
                    long size = 0;
                    for (FieldVector vector : batch.getFieldVectors()) {
                        size += vector.getBufferSize();
                    }
                    bytes.add(size);
                    arrowBytes += size;
                    rows += batch.getRowCount();
                }
            } catch (RuntimeException | Error e) {
                close();
                throw e;
            }
            this.end = chunk;
        }

        @Override
        public void close() {
            batches.forEach(VectorSchemaRoot::close);
            batches.clear();
        }
    }

    /**
     * Deletes the store's folders no sequence or topic of the repository names: the warm-up's, which the server left
     * for the cleanup when its sequence was deleted.
     */
    private static void removeUnreferencedFolders(Path dataDir) throws IOException {
        Set<String> referenced = new HashSet<>();
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(dataDir.resolve("mosaico.db")))) {
            repository.catalog().listSequences().stream().map(Sequence::folder).forEach(referenced::add);
            repository.catalog().listTopics().stream().map(Topic::folder).forEach(referenced::add);
        }
        try (Stream<Path> folders = Files.list(dataDir.resolve("store"))) {
            for (Path folder : folders.filter(f -> !referenced.contains(f.getFileName().toString())).toList()) {
                FileTrees.delete(folder);
            }
        }
    }
}
