package io.mosaicod.bench;

import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.SequenceMatch;
import io.mosaicod.client.TopicReader;
import io.mosaicod.core.io.FileTrees;
import io.mosaicod.db.jdbc.Repositories;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;

/**
 * Issue #50: what each request costs as the catalog grows. For every deployment ({@code --db}, {@code --store})
 * and size ({@code --topics}) a catalog is made: the product's migrations, one real topic uploaded through DoPut
 * ({@value #REAL_TOPIC}, the one read back), then the rest bulk-built from it ({@link CatalogBuilder}). Then, in
 * {@code runs} rounds that alternate the sizes, a {@code mosaicod server} started through {@code bin/mosaicod}
 * answers the project's Flight client, and mosaicod commands run as child processes beside it, as an operator
 * runs them. Each client request is warmed up {@value #WARM_UP} times and timed {@value #REPEATS} times per round
 * (the round's median); each command runs once per round; the figure is the median over the rounds. Every answer
 * is checked against what the catalog holds, so a figure is never that of a refused or empty answer.
 */
final class CatalogScaleBenchmark {
    static final String REAL_TOPIC = "recorded/imu_0";
    private static final int WARM_UP = 2;
    private static final int REPEATS = 5;
    private static final String ONTOLOGY_NO_MATCH = "{\"ontology\":{\"imu.acc.z\":{\"$gt\":50}}}";
    private static final String SUFFIX_GLOB = "{\"topic\":{\"name\":{\"$match\":\"*_0002\"}}}";

    /** The measured operations, in the report's order. */
    enum Operation {
        ONTOLOGY("`query` ontology only, `imu.acc.z > 50` (no topic matches)"),
        SUFFIX_GLOB("`query` topic name `$match *_0002` (suffix glob, 1 topic)"),
        CREATED_AFTER("`query` topic `created_at_ns $gt` (the last 5 bulk topics and the real ones)"),
        NAME_METADATA("`query` sequence name and topic metadata `serial $eq` (1 topic)"),
        LIST_FLIGHTS("ListFlights (one entry per sequence)"),
        FLIGHT_INFO("GetFlightInfo of the real topic"),
        DO_GET("DoGet of the real topic (" + CatalogRecording.BATCHES * CatalogRecording.ROWS + " rows)"),
        INGEST("ingest of a new topic (sequence, session, DoPut of " + CatalogRecording.BATCHES + " batches, finalize)"),
        TOPIC_LS("`mosaicod topic ls` (whole process)"),
        TOPIC_SHOW("`mosaicod topic show` of the real topic"),
        PS("`mosaicod ps`"),
        OPTIMIZER_IDLE("`mosaicod store-optimizer` pass, nothing to do"),
        OPTIMIZER_TEN("`mosaicod store-optimizer` pass, 10 topics to do"),
        CLEANUP("`mosaicod cleanup` pass (steady state)"),
        CLEANUP_DRY_RUN("`mosaicod cleanup --dry-run`"),
        RSS_IDLE("server RSS, idle (MB)"),
        RSS_SEARCHES("server peak RSS over the requests above (MB)");

        final String title;

        Operation(String title) {
            this.title = title;
        }

        boolean isMemory() {
            return this == RSS_IDLE || this == RSS_SEARCHES;
        }
    }

    /** One catalog: how it was built and each operation's figure per round (seconds, or MB for memory). */
    record Size(int topics, double buildSeconds, CatalogBuilder.Built built, Map<Operation, List<Double>> rounds) {
        double median(Operation operation) {
            return OptimizerBenchmark.median(rounds.get(operation).stream().mapToDouble(Double::doubleValue).toArray());
        }
    }

    record Result(String deployment, List<Size> sizes) {
    }

    /** A catalog being measured: where it lives and how it was built. */
    private record Catalog(CatalogDeployment deployment, CatalogLayout layout, Size size) {
    }

    private CatalogScaleBenchmark() {
    }

    static List<Result> run(Path work, int[] topics, List<CatalogDeployment.Kind> kinds, int runs) throws Exception {
        List<Result> results = new ArrayList<>();
        for (CatalogDeployment.Kind kind : kinds) {
            results.add(run(work, topics, kind, runs));
        }
        return results;
    }

    private static Result run(Path work, int[] topics, CatalogDeployment.Kind kind, int runs) throws Exception {
        List<Catalog> catalogs = new ArrayList<>();
        try {
            for (int n : topics) {
                Path data = work.resolve("catalog-" + kind.db() + "-" + kind.store() + "-" + n);
                FileTrees.delete(data);
                CatalogDeployment deployment = CatalogDeployment.create(kind, Files.createDirectories(data));
                try {
                    catalogs.add(build(work, deployment, n));
                } catch (Exception | Error e) {
                    deployment.close();
                    throw e;
                }
            }
            for (int round = 0; round < runs; round++) {
                // alternate the order, so that no size always runs first on a machine that drifts
                for (int i = 0; i < catalogs.size(); i++) {
                    measure(work, catalogs.get(round % 2 == 0 ? i : catalogs.size() - 1 - i), round);
                }
            }
        } finally {
            for (Catalog catalog : catalogs) {
                catalog.deployment.close();
            }
        }
        return new Result(kind.title(), catalogs.stream().map(Catalog::size).toList());
    }

    private static Catalog build(Path work, CatalogDeployment deployment, int topics) throws Exception {
        long started = System.nanoTime();
        Repositories.open(deployment.database()).close(); // the product's migrations create the schema
        try (ServerProcess server = ServerProcess.launch(deployment.env(), home(work));
             MosaicoClient client = MosaicoClient.connect("127.0.0.1", server.port())) {
            CatalogRecording.upload(client, REAL_TOPIC.substring(0, REAL_TOPIC.indexOf('/')), 1);
            server.stop();
        }
        double realSeconds = (System.nanoTime() - started) / 1e9;
        long bulkStarted = System.nanoTime();
        CatalogLayout layout = new CatalogLayout(topics, System.currentTimeMillis());
        CatalogBuilder.Built built = CatalogBuilder.build(deployment, CatalogTemplate.read(deployment, REAL_TOPIC),
                layout);
        double seconds = (System.nanoTime() - bulkStarted) / 1e9;
        optimize(work, deployment.env()); // the real topic, optimized like most of the catalog
        System.out.printf(Locale.ROOT, "catalog %s, %,d topics: schema and real topic %.1f s, bulk build %.1f s"
                        + " (rows %.1f s, then folders %.1f s more; %,d sequences, %,d chunks, %,d statistics rows,"
                        + " %,d metadata rows, %,d runs)%n", deployment.title(), topics, realSeconds, seconds,
                built.rowSeconds(), built.folderWaitSeconds(), built.sequences(), built.chunkRows(),
                built.statisticsRows(), built.metadataRows(), built.runRows());
        Map<Operation, List<Double>> rounds = new LinkedHashMap<>();
        for (Operation operation : Operation.values()) {
            rounds.put(operation, new ArrayList<>());
        }
        return new Catalog(deployment, layout, new Size(topics, seconds, built, rounds));
    }

    private static Path home(Path work) throws java.io.IOException {
        return Files.createDirectories(work.resolve("catalog-home"));
    }

    /** One round on one catalog: a fresh server, the client's requests, then the commands beside the server. */
    private static void measure(Path work, Catalog catalog, int round) throws Exception {
        CatalogLayout layout = catalog.layout;
        Map<Operation, List<Double>> rounds = catalog.size.rounds();
        Map<String, String> env = catalog.deployment.env();
        try (ServerProcess server = ServerProcess.launch(env, home(work));
             MosaicoClient client = MosaicoClient.connect("127.0.0.1", server.port())) {
            client.info();
            rounds.get(Operation.RSS_IDLE).add(ChildJvm.residentBytes(server.pid()) / 1e6);
            int middle = layout.topics() / 2;
            String nameAndMetadata = "{\"sequence\":{\"name\":{\"$eq\":\""
                    + CatalogLayout.sequenceLocator(CatalogLayout.sequenceOf(middle))
                    + "\"}},\"topic\":{\"user_metadata\":{\"serial\":{\"$eq\":" + middle + "}}}}";
            String createdAfter = "{\"topic\":{\"created_at_ns\":{\"$gt\":"
                    + layout.createdAtMs(layout.topics() - 6) * 1_000_000L + "}}}";
            time(rounds, Operation.ONTOLOGY, () -> expect(topics(client.query(ONTOLOGY_NO_MATCH)), 0, 0, "ontology"));
            time(rounds, Operation.SUFFIX_GLOB, () -> expect(topics(client.query(SUFFIX_GLOB)), 1, 1, "suffix glob"));
            time(rounds, Operation.CREATED_AFTER, () -> expect(topics(client.query(createdAfter)), 5, Integer.MAX_VALUE,
                    "created_at_ns"));
            time(rounds, Operation.NAME_METADATA, () -> expect(topics(client.query(nameAndMetadata)), 1, 1,
                    "name and metadata"));
            time(rounds, Operation.LIST_FLIGHTS, () -> expect(client.listFlights("").size(), layout.sequences() + 1,
                    Integer.MAX_VALUE, "ListFlights"));
            time(rounds, Operation.FLIGHT_INFO, () -> expect(client.topicInfo(REAL_TOPIC) == null ? 0 : 1, 1, 1,
                    "GetFlightInfo"));
            int rows = CatalogRecording.BATCHES * CatalogRecording.ROWS;
            time(rounds, Operation.DO_GET, () -> expect(read(client), rows, rows, "DoGet"));
            AtomicInteger ingested = new AtomicInteger();
            time(rounds, Operation.INGEST, () -> {
                CatalogRecording.upload(client, "ingest_" + round + "_" + ingested.getAndIncrement(), 1);
                return 1;
            });
            rounds.get(Operation.RSS_SEARCHES).add(server.peakRssBytes() / 1e6);

            String listing = command(work, rounds, Operation.TOPIC_LS, env, "topic", "ls");
            expect((int) listing.lines().filter(line -> line.startsWith("seq_")).count(), layout.topics(),
                    layout.topics(), "topic ls");
            command(work, rounds, Operation.TOPIC_SHOW, env, "topic", "show", REAL_TOPIC);
            command(work, rounds, Operation.PS, env, "ps");
            optimize(work, env); // the topics just ingested, so that the next pass has nothing to do
            command(work, rounds, Operation.OPTIMIZER_IDLE, env, "store-optimizer");
            CatalogRecording.upload(client, "todo_" + round, 10);
            String pass = command(work, rounds, Operation.OPTIMIZER_TEN, env, "store-optimizer");
            if (!pass.contains("10 topics successful")) {
                throw new IllegalStateException("the optimizer's pass did not optimize the 10 new topics:\n" + pass);
            }
            command(work, rounds, Operation.CLEANUP, env, "cleanup");
            command(work, rounds, Operation.CLEANUP_DRY_RUN, env, "cleanup", "--dry-run");
            server.stop();
        }
    }

    /** An untimed optimizer pass. */
    private static void optimize(Path work, Map<String, String> env) throws Exception {
        mosaicod(work, env, "store-optimizer");
    }

    /** Runs {@code request} {@value #WARM_UP} times untimed, then {@value #REPEATS} times; records their median. */
    private static void time(Map<Operation, List<Double>> rounds, Operation operation, IntSupplier request) {
        for (int i = 0; i < WARM_UP; i++) {
            request.getAsInt();
        }
        double[] seconds = new double[REPEATS];
        for (int i = 0; i < REPEATS; i++) {
            long started = System.nanoTime();
            request.getAsInt();
            seconds[i] = (System.nanoTime() - started) / 1e9;
        }
        rounds.get(operation).add(OptimizerBenchmark.median(seconds));
    }

    /** A mosaicod command through {@code bin/mosaicod}, timed once; its output, for the caller's checks. */
    private static String command(Path work, Map<Operation, List<Double>> rounds, Operation operation,
                                  Map<String, String> env, String... args) throws Exception {
        ChildJvm.Measurement m = mosaicod(work, env, args);
        rounds.get(operation).add(m.seconds());
        return m.output();
    }

    private static ChildJvm.Measurement mosaicod(Path work, Map<String, String> env, String... args) throws Exception {
        ChildJvm.Measurement m = ChildJvm.mosaicod(List.of(args), env, work.resolve("catalog-command.log"));
        if (m.exitCode() != 0) {
            throw new IllegalStateException("mosaicod " + String.join(" ", args) + " exited with " + m.exitCode()
                    + ":\n" + m.output());
        }
        return m;
    }

    private static int expect(int actual, int min, int max, String what) {
        if (actual < min || actual > max) {
            throw new IllegalStateException(what + " answered " + actual + ", expected " + min
                    + (max == min ? "" : max == Integer.MAX_VALUE ? " or more" : " to " + max));
        }
        return actual;
    }

    private static int topics(List<SequenceMatch> matches) {
        return matches.stream().mapToInt(m -> m.topics().size()).sum();
    }

    private static int read(MosaicoClient client) {
        int rows = 0;
        try (TopicReader reader = client.read(REAL_TOPIC, null, null)) {
            while (reader.next()) {
                rows += reader.batch().getRowCount();
            }
        }
        return rows;
    }
}
