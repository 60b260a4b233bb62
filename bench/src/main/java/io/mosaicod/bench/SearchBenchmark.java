package io.mosaicod.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.SequenceMatch;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TimeCluster;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.io.FileTrees;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Search (issue #16) against DuckDB over the same chunk files. The dataset, ingested once through DoPut into
 * SQLite + the local store: {@code fleet} topics of an IMU-like schema (struct {@code acc} of x, y, z, a global
 * {@code odometer}, a {@code status} text and a 1–3 KB {@code payload}, which is most of the bytes), ten per
 * sequence with varied sequence and topic metadata, each of {@value #FLEET_BATCHES} chunks; and one large topic
 * whose {@code acc.z} rises above 11.5 periodically, for clusterize. A fresh {@code mosaicod server} (child JVM,
 * 256 MiB query engine pool) answers through the project's client; DuckDB (2 threads, in this JVM) runs the
 * same predicate over the same Parquet files, found in the catalog. Both warm: every query runs untimed first,
 * at least {@value #MIN_WARM_UP_RUNS} times and for {@value #WARM_UP_SECONDS} s (the server's and the client's
 * JIT take dozens of answers to settle on a clusterize, as a long-running server's would have; the first answer
 * is reported apart), the files stay in the page cache. The server's peak RSS (VmHWM) covers only the searches.
 */
final class SearchBenchmark {
    static final long POOL_BYTES = 256L << 20;
    private static final int MIN_WARM_UP_RUNS = 3;
    private static final long WARM_UP_SECONDS = 10;
    private static final int FLEET_BATCHES = 10;
    private static final int TOPICS_PER_SEQUENCE = 10;
    private static final long ROW_NS = 1_000_000L;
    private static final String CLUSTER_TOPIC = "clusters/arm";
    private static final double CLUSTER_THRESHOLD = 11.5;
    private static final long CLUSTER_DT_NS = 50 * ROW_NS;
    private static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null),
            new Field("acc", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                    float64("x"), float64("y"), float64("z"))),
            float64("odometer"),
            new Field("status", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
            new Field("payload", FieldType.nullable(ArrowType.Binary.INSTANCE), null)));

    /** One query's runs, ours and DuckDB's (null when DuckDB has no counterpart). */
    record Timing(String query, String what, Runs ours, Runs duckDb, Double goal) {
        double oursMedian() {
            return median(ours.timed);
        }

        Double ratio() {
            return duckDb == null ? null : oursMedian() / median(duckDb.timed);
        }
    }

    /** The seconds of a query's first answer (the first warm-up run) and of its timed runs, after the warm-up. */
    record Runs(double first, List<Double> timed) {
    }

    record Result(int topics, int fleetChunks, long fleetBytes, int clusterChunks, long clusterBytes,
                  long clusterRows, int clusters, List<Timing> timings, long poolBytes, long peakRssBytes) {
    }

    private SearchBenchmark() {
    }

    static Result run(Path work, boolean full, int runs) throws Exception {
        int topics = full ? 1000 : 100;
        int clusterBatches = full ? 100 : 10;
        Path data = work.resolve("search-" + (full ? "full" : "small"));
        Path done = data.resolve("ingested");
        if (!Files.exists(done)) {
            FileTrees.delete(data);
            Files.createDirectories(data);
            ingest(data, topics, clusterBatches);
            Files.writeString(done, "");
        }
        Catalogued fleet = catalogued(data, path -> !path.equals(CLUSTER_TOPIC));
        Catalogued arm = catalogued(data, CLUSTER_TOPIC::equals);
        Map<String, String> env = new LinkedHashMap<>();
        env.put("MOSAICOD_DATA_DIR", data.toString());
        env.put("MOSAICOD_QUERY_ENGINE_MEMORY_POOL_SIZE", Long.toString(POOL_BYTES));
        List<Timing> timings = new ArrayList<>();
        int clusterCount;
        long peakRss;
        try (ServerProcess server = ServerProcess.start(env);
             Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            try (Statement s = duck.createStatement()) {
                s.execute("SET threads = 2");
                s.execute("SET memory_limit = '" + BenchMain.DUCKDB_MEMORY_LIMIT + "'");
            }
            try (MosaicoClient client = MosaicoClient.connect("127.0.0.1", server.port())) {
                String metadata = "{\"sequence\":{\"user_metadata\":{\"robot.name\":{\"$eq\":\"r7\"}}},"
                        + "\"topic\":{\"user_metadata\":{\"rate_hz\":{\"$geq\":200}}}}";
                int expectedMetadata = expectedMetadataTopics(topics);
                timings.add(new Timing("metadata", "sequences of robot r7, topics at >= 200 Hz (SQL only)",
                        time(Math.max(20, runs), () -> require(topicCount(client.query(metadata)), expectedMetadata,
                                "metadata query")), null, null));

                long target = (long) (topics / 2) * 1_000_000L + 500;
                String selective = "{\"ontology\":{\"imu.odometer\":{\"$between\":[" + target + "," + (target + 10)
                        + "]}}}";
                String selectiveSql = "SELECT count(DISTINCT filename) FROM read_parquet(" + fleet.files
                        + ", filename = true) WHERE odometer BETWEEN " + target + " AND " + (target + 10);
                timings.add(new Timing("pruned", "odometer within 10 of one value: 1 chunk of "
                        + fleet.chunks + " can match (statistics)",
                        time(runs, () -> require(topicCount(client.query(selective)), 1, "pruned query")),
                        time(runs, () -> require(count(duck, selectiveSql), 1, "DuckDB pruned scan")), 0.1));

                String everyChunk = "{\"ontology\":{\"imu.acc.x\":{\"$eq\":0.123456789}}}";
                String everyChunkSql = "SELECT count(*) FROM read_parquet(" + fleet.files
                        + ") WHERE acc.x = 0.123456789";
                timings.add(new Timing("full scan", "acc.x equal to a value inside every chunk's range that no row"
                        + " holds: every chunk read",
                        time(runs, () -> require(topicCount(client.query(everyChunk)), 0, "full-scan query")),
                        time(runs, () -> require(count(duck, everyChunkSql), 0, "DuckDB full scan")), 0.8));

                String clusterize = "{\"locator\":\"" + CLUSTER_TOPIC + "\",\"clustering_dt_ns\":" + CLUSTER_DT_NS
                        + ",\"ontology\":{\"imu.acc.z\":{\"$gt\":" + CLUSTER_THRESHOLD + "}},\"timestamp_range\":null}";
                String windowSql = """
                        WITH m AS (SELECT timestamp_ns AS t FROM read_parquet(%s) WHERE acc.z > %s),
                        g AS (SELECT t, CASE WHEN t - lag(t) OVER (ORDER BY t) <= %d THEN 0 ELSE 1 END AS brk FROM m),
                        c AS (SELECT t, sum(brk) OVER (ORDER BY t ROWS UNBOUNDED PRECEDING) AS id FROM g)
                        SELECT min(t), max(t) FROM c GROUP BY id ORDER BY 1""".formatted(arm.files, CLUSTER_THRESHOLD,
                        CLUSTER_DT_NS);
                List<long[]> expected = clusters(duck, windowSql);
                List<TimeCluster> found = client.clusterize(clusterize);
                requireSameClusters(found, expected);
                clusterCount = found.size();
                timings.add(new Timing("clusterize", "acc.z > " + CLUSTER_THRESHOLD + ", dt " + CLUSTER_DT_NS / ROW_NS
                        + " ms, on the " + arm.bytes / 1_000_000 + " MB topic (" + clusterCount + " clusters)",
                        time(runs, () -> require(client.clusterize(clusterize).size(), clusterCount, "clusterize")),
                        time(runs, () -> require(clusters(duck, windowSql).size(), clusterCount, "DuckDB window")),
                        0.8));

                // the same data work with a single Result: how much of the above is the stream of Results
                String oneCluster = clusterize.replace("\"clustering_dt_ns\":" + CLUSTER_DT_NS, "\"clustering_dt_ns\":0");
                String minMaxSql = "SELECT min(timestamp_ns), max(timestamp_ns) FROM read_parquet(" + arm.files
                        + ") WHERE acc.z > " + CLUSTER_THRESHOLD;
                timings.add(new Timing("clusterize, dt 0", "the same, dt 0: one cluster, one Result (DuckDB: min and"
                        + " max of the matching times)",
                        time(runs, () -> require(client.clusterize(oneCluster).size(), 1, "clusterize dt 0")),
                        time(runs, () -> require(clusters(duck, minMaxSql).size(), 1, "DuckDB min/max")), null));
            }
            peakRss = server.peakRssBytes();
        }
        Result result = new Result(topics, fleet.chunks, fleet.bytes, arm.chunks, arm.bytes, arm.rows, clusterCount,
                timings, POOL_BYTES, peakRss);
        System.out.print(markdown(result));
        return result;
    }

    private static Field float64(String name) {
        return new Field(name, FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null);
    }

    // ---- the dataset

    private static void ingest(Path data, int topics, int clusterBatches) throws Exception {
        Map<String, String> env = Map.of("MOSAICOD_DATA_DIR", data.toString());
        try (ServerProcess server = ServerProcess.start(env)) {
            try (MosaicoClient client = MosaicoClient.connect("127.0.0.1", server.port())) {
                long started = System.nanoTime();
                Random random = new Random(16);
                for (int s = 0; s * TOPICS_PER_SEQUENCE < topics; s++) {
                    String sequence = String.format(Locale.ROOT, "run_%04d", s);
                    ObjectNode robot = JsonNodeFactory.instance.objectNode();
                    robot.putObject("robot").put("name", "r" + s % 20).put("payload_kg", 3 + s % 9);
                    robot.put("site", s % 3 == 0 ? "lab" : "field");
                    client.createSequence(sequence, robot);
                    SessionHandle session = client.createSession(sequence);
                    for (int t = 0; t < TOPICS_PER_SEQUENCE && s * TOPICS_PER_SEQUENCE + t < topics; t++) {
                        int g = s * TOPICS_PER_SEQUENCE + t;
                        ObjectNode meta = JsonNodeFactory.instance.objectNode();
                        meta.put("rate_hz", rateHz(g));
                        meta.putObject("driver").put("version", "1." + g % 5);
                        upload(client, session, sequence + "/imu_" + t, meta, random, FLEET_BATCHES, 100, 1024, 3072,
                                g * 1_000_000L, false);
                    }
                    client.finalizeSession(session.uuid());
                }
                client.createSequence("clusters", JsonNodeFactory.instance.objectNode());
                SessionHandle session = client.createSession("clusters");
                upload(client, session, CLUSTER_TOPIC, JsonNodeFactory.instance.objectNode(), random, clusterBatches,
                        40_000, 150, 350, 0, true);
                client.finalizeSession(session.uuid());
                System.out.printf(Locale.ROOT, "search: ingested %d topics and %s in %.1f s%n", topics, CLUSTER_TOPIC,
                        (System.nanoTime() - started) / 1e9);
            }
        }
    }

    /** Topics with index g record at 50, 100, ... 500 Hz. */
    private static int rateHz(int g) {
        return 50 * (1 + g % 10);
    }

    private static int expectedMetadataTopics(int topics) {
        int count = 0;
        for (int s = 7; s * TOPICS_PER_SEQUENCE < topics; s += 20) {
            for (int t = 0; t < TOPICS_PER_SEQUENCE && s * TOPICS_PER_SEQUENCE + t < topics; t++) {
                count += rateHz(s * TOPICS_PER_SEQUENCE + t) >= 200 ? 1 : 0;
            }
        }
        return count;
    }

    /**
     * One DoPut of {@code batches} batches of {@code rows} rows, 1 ms apart; {@code odometer} counts rows from
     * {@code odometerStart}; {@code periodic}: acc.z swings around 9.81 with a 2 s period, above
     * {@value #CLUSTER_THRESHOLD} for a stretch of each period.
     */
    private static void upload(MosaicoClient client, SessionHandle session, String topic, ObjectNode meta,
                               Random random, int batches, int rows, int minPayload, int maxPayload,
                               long odometerStart, boolean periodic) {
        UUID uuid = client.createTopic(session.uuid(), new TopicSpec(topic, "ragged", "imu", meta));
        byte[] blob = new byte[maxPayload];
        try (VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, client.allocator());
             TopicUpload upload = client.upload(topic, uuid, SCHEMA)) {
            BigIntVector ts = (BigIntVector) batch.getVector("timestamp_ns");
            StructVector acc = (StructVector) batch.getVector("acc");
            Float8Vector x = (Float8Vector) acc.getChild("x");
            Float8Vector y = (Float8Vector) acc.getChild("y");
            Float8Vector z = (Float8Vector) acc.getChild("z");
            Float8Vector odometer = (Float8Vector) batch.getVector("odometer");
            VarCharVector status = (VarCharVector) batch.getVector("status");
            VarBinaryVector payload = (VarBinaryVector) batch.getVector("payload");
            for (int b = 0; b < batches; b++) {
                for (int r = 0; r < rows; r++) {
                    long row = (long) b * rows + r;
                    ts.setSafe(r, row * ROW_NS);
                    acc.setIndexDefined(r);
                    x.setSafe(r, random.nextGaussian());
                    y.setSafe(r, random.nextGaussian());
                    double swing = periodic ? 2 * Math.sin(2 * Math.PI * row / 2000.0) : 0;
                    z.setSafe(r, 9.81 + swing + 0.1 * random.nextGaussian());
                    odometer.setSafe(r, odometerStart + row);
                    status.setSafe(r, (random.nextInt(50) == 0 ? "warn" : "ok").getBytes(StandardCharsets.UTF_8));
                    random.nextBytes(blob);
                    payload.setSafe(r, blob, 0, minPayload + random.nextInt(maxPayload - minPayload + 1));
                }
                batch.setRowCount(rows);
                upload.put(batch);
            }
            upload.complete();
        }
    }

    /** The chunk files of the topics whose path (after the sequence) {@code wanted} accepts, as a DuckDB list. */
    private record Catalogued(String files, int chunks, long bytes, long rows) {
    }

    private static Catalogued catalogued(Path data, Predicate<String> wanted) {
        Path store = data.resolve("store");
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")))) {
            List<Chunk> chunks = new ArrayList<>();
            for (Topic topic : repository.catalog().listTopics()) {
                if (wanted.test(topic.locator())) {
                    chunks.addAll(repository.catalog().listChunks(topic.id()));
                }
            }
            String files = chunks.stream().map(c -> "'" + store.resolve(c.objectKey()) + "'")
                    .collect(Collectors.joining(", ", "[", "]"));
            return new Catalogued(files, chunks.size(), chunks.stream().mapToLong(Chunk::sizeBytes).sum(),
                    chunks.stream().mapToLong(Chunk::rowCount).sum());
        }
    }

    // ---- measuring

    private static Runs time(int runs, Runnable query) {
        long warmUpStarted = System.nanoTime();
        query.run();
        double first = (System.nanoTime() - warmUpStarted) / 1e9;
        // a server that answers queries all day has compiled their code paths; the files are cached
        long warmUntil = warmUpStarted + WARM_UP_SECONDS * 1_000_000_000L;
        for (int w = 1; w < MIN_WARM_UP_RUNS || System.nanoTime() < warmUntil; w++) {
            query.run();
        }
        List<Double> seconds = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            long started = System.nanoTime();
            query.run();
            seconds.add((System.nanoTime() - started) / 1e9);
        }
        return new Runs(first, seconds);
    }

    private static void require(long actual, long expected, String what) {
        if (actual != expected) {
            throw new IllegalStateException(what + " answered " + actual + ", expected " + expected);
        }
    }

    private static int topicCount(List<SequenceMatch> matches) {
        return matches.stream().mapToInt(m -> m.topics().size()).sum();
    }

    private static long count(Connection duck, String sql) {
        return sql(() -> {
            try (Statement s = duck.createStatement(); ResultSet rows = s.executeQuery(sql)) {
                rows.next();
                return rows.getLong(1);
            }
        });
    }

    private static List<long[]> clusters(Connection duck, String sql) {
        return sql(() -> {
            List<long[]> out = new ArrayList<>();
            try (Statement s = duck.createStatement(); ResultSet rows = s.executeQuery(sql)) {
                while (rows.next()) {
                    out.add(new long[] {rows.getLong(1), rows.getLong(2)});
                }
            }
            return out;
        });
    }

    private interface SqlWork<T> {
        T run() throws SQLException;
    }

    private static <T> T sql(SqlWork<T> work) {
        try {
            return work.run();
        } catch (SQLException e) {
            throw new IllegalStateException("DuckDB: " + e.getMessage(), e);
        }
    }

    private static void requireSameClusters(List<TimeCluster> found, List<long[]> expected) {
        boolean same = found.size() == expected.size();
        for (int i = 0; same && i < found.size(); i++) {
            same = found.get(i).id() == i && found.get(i).startNs() == expected.get(i)[0]
                    && found.get(i).endNs() == expected.get(i)[1];
        }
        if (!same) {
            throw new IllegalStateException("clusterize answered " + found.size() + " clusters, DuckDB's window query "
                    + expected.size() + "; first: " + (found.isEmpty() ? "none" : found.get(0)) + " vs "
                    + (expected.isEmpty() ? "none" : expected.get(0)[0] + ".." + expected.get(0)[1]));
        }
    }

    static double median(List<Double> values) {
        return OptimizerBenchmark.median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    // ---- report

    static String markdown(Result r) {
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "%d topics in %d chunks (%.2f GB) and one topic of %d chunks (%.2f GB,"
                        + " %,d rows); server pool %d MiB.%n%n", r.topics, r.fleetChunks, r.fleetBytes / 1e9,
                r.clusterChunks, r.clusterBytes / 1e9, r.clusterRows, r.poolBytes >> 20));
        md.append("| query | what | mosaicod (median) | DuckDB (median) | ratio | goal | first answer: mosaicod / DuckDB |"
                + "\n|---|---|---|---|---|---|---|\n");
        for (Timing t : r.timings) {
            Double ratio = t.ratio();
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s / %s |%n", t.query, t.what,
                    seconds(t.oursMedian()), t.duckDb == null ? "—" : seconds(median(t.duckDb.timed)),
                    ratio == null ? "—" : String.format(Locale.ROOT, "%.2f×", ratio),
                    t.goal == null ? (t.query.equals("metadata") ? "≤ 50 ms: " + met(t.oursMedian() <= 0.050) : "—")
                            : "≤ " + t.goal + "×: " + met(ratio <= t.goal),
                    seconds(t.ours.first), t.duckDb == null ? "—" : seconds(t.duckDb.first)));
        }
        long limit = r.poolBytes + (256L << 20);
        md.append(String.format(Locale.ROOT, "%nServer peak RSS (VmHWM, the searches only): %d MB; goal pool + 256 MB"
                + " = %d MB: %s.%n", r.peakRssBytes >> 20, limit >> 20, met(r.peakRssBytes <= limit)));
        return md.toString();
    }

    private static String seconds(double s) {
        return s < 1 ? String.format(Locale.ROOT, "%.1f ms", s * 1000) : String.format(Locale.ROOT, "%.2f s", s);
    }

    private static String met(boolean met) {
        return met ? "met" : "NOT met";
    }
}
