package io.mosaicod.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicReader;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.io.FileTrees;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Repository;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.testkit.S3Server;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * What optimization buys a reader: a fragmented topic (one chunk per client batch, ingested through DoPut)
 * read whole through DoGet with the project's own client before and after {@code store-optimizer}, on the
 * local store and on S3 (s3proxy in this JVM, loopback only), the catalog in SQLite in both cases. The server
 * is a {@code mosaicod server} child JVM ({@link ServerProcess#start}: testkit's {@code ChildMosaicod},
 * {@code -Xmx512m}, the serial collector); the optimizer a one-shot child JVM as in the other scenarios. Three
 * untimed reads of each layout warm the server's JIT for it (the optimized topic's large chunks take code paths
 * the fragmented one does not); the page cache is dropped before every timed read (S3 objects live in s3proxy's
 * files on the same disk).
 */
final class ReadBenchmark {
    private static final int ROWS_PER_BATCH = 40; // ~107 KB chunks, the size a 10 Hz camera topic makes per batch
    private static final double OVERLAP = 0.3;
    private static final int WARM_UP_READS = 9;

    /**
     * One store's figures; reads are seconds per timed run. {@code ingestSeconds} is the DoPut ingestion's
     * time, null when the topic was in the store already.
     */
    record Result(String store, String catalog, int chunksBefore, long bytesBefore, int chunksAfter, long bytesAfter,
                  long rows, Double ingestSeconds, List<Double> readsBefore, List<Double> readsAfter,
                  ChildJvm.Measurement optimizer, boolean coldCache, double compileSecondsBefore,
                  double compileSecondsAfter) {
        double medianBefore() {
            return OptimizerBenchmark.median(readsBefore.stream().mapToDouble(Double::doubleValue).toArray());
        }

        double medianAfter() {
            return OptimizerBenchmark.median(readsAfter.stream().mapToDouble(Double::doubleValue).toArray());
        }
    }

    /** Puts the topic into the store through the client before it is read; the harness's datasets need none. */
    interface Ingestion {
        void ingest(MosaicoClient client, String topic) throws Exception;
    }

    private ReadBenchmark() {
    }

    static List<Result> run(Path work, boolean full, int runs) throws Exception {
        int chunks = full ? 5000 : 500;
        Ingestion doPut = (client, topic) -> ingest(client, topic, chunks);
        String topic = "read/camera";
        List<Result> results = new ArrayList<>();
        Path local = work.resolve("read-local");
        FileTrees.delete(local);
        results.add(measure("local", local, Map.of(), topic, doPut, runs, work));
        try (S3Server s3 = S3Server.dedicated()) {
            Path data = work.resolve("read-s3");
            FileTrees.delete(data);
            Map<String, String> store = s3.environment(s3.newBucket(), "");
            results.add(measure("S3 (s3proxy 4.1.0, filesystem backend)", data, store, topic, doPut, runs, work));
        }
        return results;
    }

    /**
     * Reads {@code topic} whole through a {@code mosaicod server} on the SQLite repository in {@code data} and
     * the store {@code store} names (the local store in {@code data} if empty), {@code runs} times with a cold
     * page cache; optimizes it with a one-shot {@code store-optimizer}; reads it again. {@code ingestion}, if
     * not null, first puts the topic there through the server.
     */
    static Result measure(String storeName, Path data, Map<String, String> store, String topic, Ingestion ingestion,
                          int runs, Path work) throws Exception {
        Map<String, String> env = new LinkedHashMap<>(store);
        env.put("MOSAICOD_DATA_DIR", data.toString()); // SQLite repository in it (and the store, when local)
        env.put("MOSAICOD_STORE_OPTIMIZER_MAX_CHUNK_SIZE", Long.toString(OptimizerBenchmark.MAX_CHUNK_SIZE));
        try (ServerProcess server = ServerProcess.start(env)) {
            try (MosaicoClient client = MosaicoClient.connect("127.0.0.1", server.port())) {
                Double ingestSeconds = null;
                if (ingestion != null) {
                    long started = System.nanoTime();
                    ingestion.ingest(client, topic);
                    ingestSeconds = (System.nanoTime() - started) / 1e9;
                    System.out.printf(Locale.ROOT, "read, %s: ingested %s in %.1f s%n", storeName, topic, ingestSeconds);
                }
                long rows = warmUp(client, topic);
                long[] before = chunkTotals(data, topic);
                TimedReads readsBefore = timedReads(client, topic, rows, runs, server.pid());
                ChildJvm.Measurement optimizer = ChildJvm.mosaicod(List.of("store-optimizer"), env, work.resolve("read-optimizer.log"));
                if (optimizer.exitCode() != 0) {
                    throw new IllegalStateException("store-optimizer exited with " + optimizer.exitCode() + ":\n"
                            + optimizer.output());
                }
                long[] after = chunkTotals(data, topic);
                warmUp(client, topic); // the new layout's code paths warm up too
                TimedReads readsAfter = timedReads(client, topic, rows, runs, server.pid());
                Result result = new Result(storeName, "SQLite", (int) before[0], before[1], (int) after[0], after[1],
                        rows, ingestSeconds, readsBefore.seconds(), readsAfter.seconds(), optimizer,
                        readsBefore.coldCache() && readsAfter.coldCache(), readsBefore.compileSeconds(),
                        readsAfter.compileSeconds());
                System.out.printf(Locale.ROOT, "  read %s before %.2f s, after %.2f s (%d -> %d chunks; the server's"
                                + " JIT compilers used %.2f s of CPU during the timed reads before, %.2f s after)%n",
                        storeName, result.medianBefore(), result.medianAfter(), before[0], after[0],
                        readsBefore.compileSeconds(), readsAfter.compileSeconds());
                return result;
            }
        }
    }

    /**
     * Untimed reads that let the server's and the client's JIT compile the layout's code paths, as they are in a
     * server that has been up a while: after one read, C2 still took 7–20 % of the server's samples during the
     * timed reads (perf, 2026-12-05); after three, on the optimized mixed-width topic, the server's compilers still
     * used 0.35–0.58 s of CPU per read and the reads took 5.0–6.5 s, against 0.05–0.10 s and 3.7–4.3 s from the
     * tenth read on (2026-12-06). The timed reads' compiling is reported with them. Returns the rows read.
     */
    private static long warmUp(MosaicoClient client, String topic) {
        long rows = 0;
        for (int r = 0; r < WARM_UP_READS; r++) {
            rows = read(client, topic);
        }
        return rows;
    }

    /** One DoPut of {@code chunks} batches: the server writes each as its own chunk. */
    private static void ingest(MosaicoClient client, String topic, int chunks) {
        String sequence = topic.substring(0, topic.indexOf('/'));
        client.createSequence(sequence, JsonNodeFactory.instance.objectNode());
        SessionHandle session = client.createSession(sequence);
        UUID uuid = client.createTopic(session.uuid(),
                new TopicSpec(topic, "ragged", "bench", JsonNodeFactory.instance.objectNode()));
        Random random = new Random(5);
        long span = ROWS_PER_BATCH * 1_000_000L;
        try (VectorSchemaRoot batch = VectorSchemaRoot.create(SensorBatch.SCHEMA, client.allocator());
             TopicUpload upload = client.upload(topic, uuid, SensorBatch.SCHEMA)) {
            for (int c = 0; c < chunks; c++) {
                long start = (long) (c * span * (1 - OVERLAP));
                SensorBatch.fill(batch, random, SensorBatch.sortedTimestamps(random, start, span, ROWS_PER_BATCH));
                upload.put(batch);
            }
            upload.complete();
        }
        client.finalizeSession(session.uuid());
    }

    /** One layout's timed reads: each one's seconds, whether all started cold, what the server compiled meanwhile. */
    private record TimedReads(List<Double> seconds, boolean coldCache, double compileSeconds) {
    }

    /** {@code runs} reads of the whole topic, the page cache dropped before each. */
    private static TimedReads timedReads(MosaicoClient client, String topic, long expectedRows, int runs,
                                         long serverPid) {
        List<Double> seconds = new ArrayList<>();
        boolean cold = true;
        double compiled = CompilerTime.seconds(serverPid);
        for (int r = 0; r < runs; r++) {
            cold &= PageCache.drop();
            seconds.add(timedRead(client, topic, expectedRows));
        }
        return new TimedReads(seconds, cold, CompilerTime.seconds(serverPid) - compiled);
    }

    private static double timedRead(MosaicoClient client, String topic, long expectedRows) {
        long started = System.nanoTime();
        long rows = read(client, topic);
        double seconds = (System.nanoTime() - started) / 1e9;
        if (rows != expectedRows) {
            throw new IllegalStateException("read " + rows + " rows of " + topic + ", expected " + expectedRows);
        }
        return seconds;
    }

    /** Reads the whole topic, touching every buffer's size so nothing is skipped; returns the rows. */
    private static long read(MosaicoClient client, String topic) {
        long rows = 0;
        long bytes = 0;
        try (TopicReader reader = client.read(topic, null, null)) {
            while (reader.next()) {
                VectorSchemaRoot batch = reader.batch();
                rows += batch.getRowCount();
                for (FieldVector vector : batch.getFieldVectors()) {
                    bytes += vector.getBufferSize();
                }
            }
        }
        if (bytes == 0 && rows > 0) {
            throw new IllegalStateException("read " + rows + " rows of " + topic + " without any data");
        }
        return rows;
    }

    /** {chunks, Parquet bytes} of the topic as the repository lists them now. */
    private static long[] chunkTotals(Path data, String topic) {
        List<Chunk> chunks = chunks(data, topic);
        return new long[] {chunks.size(), chunks.stream().mapToLong(Chunk::sizeBytes).sum()};
    }

    /** The topic's chunks as the SQLite repository in the data folder {@code data} lists them now. */
    static List<Chunk> chunks(Path data, String topic) {
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")))) {
            long id = repository.catalog().findTopicByLocator(topic).orElseThrow().id();
            return repository.catalog().listChunks(id);
        }
    }

    static String runs(List<Double> seconds) {
        return seconds.stream().map(s -> String.format(Locale.ROOT, "%.2f", s))
                .collect(java.util.stream.Collectors.joining(", ", "(", ")"));
    }

    static String markdown(List<Result> results) {
        StringBuilder out = new StringBuilder("| store | catalog | chunks before → after | Parquet MB before → after "
                + "| rows | read before | read after | speed-up | optimizer wall, peak RSS | DoPut ingest |\n"
                + "|---|---|---|---|---|---|---|---|---|---|\n");
        for (Result r : results) {
            out.append(String.format(Locale.ROOT, "| %s | %s | %d → %d | %.0f → %.0f | %d | %.2f s %s | %.2f s %s "
                            + "| %.1f× | %.2f s, %.0f MB | %.1f s |%n", r.store(), r.catalog(), r.chunksBefore(),
                    r.chunksAfter(), r.bytesBefore() / 1e6, r.bytesAfter() / 1e6, r.rows(), r.medianBefore(),
                    runs(r.readsBefore()), r.medianAfter(), runs(r.readsAfter()), r.medianBefore() / r.medianAfter(),
                    r.optimizer().seconds(), r.optimizer().peakRssBytes() / 1e6, r.ingestSeconds()));
        }
        out.append(String.format(Locale.ROOT, "%nFull-topic DoGet through `MosaicoClient` against a `mosaicod server` "
                + "child JVM (-Xmx512m, serial collector), %s; median of the timed reads (each listed), after %d "
                + "untimed warm-up reads of each layout.%n",
                results.stream().allMatch(Result::coldCache) ? "page cache dropped before each read"
                        : "warm page cache (not root)", WARM_UP_READS));
        return out.toString();
    }
}
