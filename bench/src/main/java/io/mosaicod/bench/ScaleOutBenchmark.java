package io.mosaicod.bench;

import io.mosaicod.db.OptimizationRun;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.Topic;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Several one-shot {@code store-optimizer} processes sharing one queue (DESIGN.md §6.3) on many small topics,
 * on the embedded defaults (SQLite in WAL mode + the local store: FACTS.md measured two JVMs excluding each
 * other correctly with immediate transactions, and a topic's rewrite here takes far longer than its few
 * short write transactions). Measures the wall time until every process has exited (all topics optimized),
 * and reads the run history afterwards to check that each topic was optimized exactly once.
 *
 * <p>Contention: acquiring is one {@code UPDATE ... RETURNING} of the oldest unleased queue row inside an
 * immediate transaction, so an instance never loses an acquisition to another; it waits for SQLite's write
 * lock instead and then takes the next free topic. What contention can cost is therefore counted from the
 * run history: attempts beyond one per topic, {@code LEASE_LOST} and failed attempts (all should be 0), and
 * how evenly the topics spread over the instances.
 */
final class ScaleOutBenchmark {
    static final int[] INSTANCES = {1, 2, 4};

    /** One run of {@code instances} processes: wall time, each process, and what the run history says. */
    record Trial(int instances, double seconds, double idleSeconds, List<ChildJvm.Measurement> processes,
                 History history) {
        double topicsPerSecond() {
            return history.topics() / seconds;
        }

        double cpuSeconds() {
            return processes.stream().mapToDouble(ChildJvm.Measurement::cpuSeconds).sum();
        }
    }

    /**
     * The run history of one trial. {@code extraAttempts}: history rows beyond one per topic;
     * {@code exactlyOnce}: topics with exactly one row, a successful one; {@code perInstance}: topics
     * each instance optimized.
     */
    record History(int topics, int exactlyOnce, int extraAttempts, int leaseLost, int failed,
                   Map<Long, Integer> perInstance) {
    }

    record Result(DatasetSummary dataset, List<Trial> trials) {
    }

    private ScaleOutBenchmark() {
    }

    static BenchDataset.Spec spec(boolean full) {
        return new BenchDataset.Spec("many-topics", 20, 50, 0.3, 3, full ? 200 : 40);
    }

    static Result run(BenchDataset dataset, Path work, int runs) throws Exception {
        return run(dataset, work, runs, INSTANCES);
    }

    static Result run(BenchDataset dataset, Path work, int runs, int... instanceCounts) throws Exception {
        System.out.printf(Locale.ROOT, "scale-out: %d topics, %d chunks, %.1f MB%n", dataset.spec().topics(),
                dataset.chunkFiles().size(), dataset.inputBytes() / 1e6);
        List<Trial> trials = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            for (int instances : instanceCounts) {
                trials.add(trial(dataset, work, instances));
            }
        }
        return new Result(DatasetSummary.of(dataset), trials);
    }

    private static Trial trial(BenchDataset dataset, Path work, int instances) throws Exception {
        dataset.reset();
        PageCache.drop();
        Launch work1 = launch(dataset, work, instances);
        History history = history(dataset);
        // the same processes again with every topic optimized: start-up, migrations check, registration and an
        // empty pass, i.e. what the wall time costs before any topic is touched
        Launch idle = launch(dataset, work, instances);
        Trial trial = new Trial(instances, work1.seconds(), idle.seconds(), work1.processes(), history);
        System.out.printf(Locale.ROOT, "  %d instance(s): %7.2f s (idle pass %.2f s), %.2f topics/s, %s%n", instances,
                trial.seconds(), trial.idleSeconds(), trial.topicsPerSecond(), trial.history());
        return trial;
    }

    /** The wall time of {@code instances} one-shot optimizers started together, until the last exits. */
    private record Launch(double seconds, List<ChildJvm.Measurement> processes) {
    }

    private static Launch launch(BenchDataset dataset, Path work, int instances) throws Exception {
        Map<String, String> env = Map.of("MOSAICOD_DATA_DIR", dataset.dataDir().toString(),
                "MOSAICOD_STORE_OPTIMIZER_MAX_CHUNK_SIZE", Long.toString(OptimizerBenchmark.MAX_CHUNK_SIZE),
                "MOSAICOD_LOG_LEVEL", "warning");
        ExecutorService pool = Executors.newFixedThreadPool(instances);
        List<ChildJvm.Measurement> processes = new ArrayList<>();
        long started = System.nanoTime();
        try {
            List<Future<ChildJvm.Measurement>> running = new ArrayList<>();
            for (int i = 0; i < instances; i++) {
                Path log = work.resolve("scaleout-" + i + ".log");
                running.add(pool.submit(() -> ChildJvm.mosaicod(List.of("store-optimizer"), env, log)));
            }
            for (Future<ChildJvm.Measurement> process : running) {
                processes.add(process.get());
            }
        } finally {
            pool.shutdown();
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        for (ChildJvm.Measurement m : processes) {
            if (m.exitCode() != 0) {
                throw new IllegalStateException("a store-optimizer exited with " + m.exitCode() + ":\n" + m.output());
            }
        }
        return new Launch(seconds, processes);
    }

    private static History history(BenchDataset dataset) {
        int topics = dataset.spec().topics();
        int exactlyOnce = 0;
        int rows = 0;
        int leaseLost = 0;
        int failed = 0;
        Map<Long, Integer> perInstance = new TreeMap<>();
        try (Repository repository = dataset.openRepository()) {
            for (int t = 0; t < topics; t++) {
                Topic topic = repository.catalog().findTopicByLocator(dataset.spec().locator(t)).orElseThrow();
                List<OptimizationRun> runs = repository.optimizationQueue().runsOf(topic.id());
                rows += runs.size();
                boolean succeeded = false;
                for (OptimizationRun run : runs) {
                    leaseLost += run.outcome() == RunOutcome.LEASE_LOST ? 1 : 0;
                    failed += run.outcome() == RunOutcome.FAILED ? 1 : 0;
                    succeeded |= run.outcome() == RunOutcome.SUCCEEDED || run.outcome() == RunOutcome.ALREADY_OPTIMAL;
                    if (run.outcome() == RunOutcome.SUCCEEDED || run.outcome() == RunOutcome.ALREADY_OPTIMAL) {
                        perInstance.merge(run.instanceId(), 1, Integer::sum);
                    }
                }
                exactlyOnce += runs.size() == 1 && succeeded && topic.optimizedAt().isPresent() ? 1 : 0;
            }
        }
        return new History(topics, exactlyOnce, rows - topics, leaseLost, failed, perInstance);
    }

    static String markdown(Result result) {
        StringBuilder out = new StringBuilder(result.dataset().markdown()).append("; SQLite + local store.\n\n");
        out.append("| instances | wall | CPU (all processes) | idle pass | topics/s | speed-up vs 1 | optimized exactly once "
                + "| extra attempts | lease lost | failed | topics per instance | peak RSS per process |\n"
                + "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        Map<Integer, Double> first = new LinkedHashMap<>();
        for (Trial t : result.trials()) {
            first.putIfAbsent(t.instances(), t.seconds());
        }
        Double single = first.get(1); // the speed-up's reference: the first run with one instance
        for (Trial t : result.trials()) {
            History h = t.history();
            double rss = t.processes().stream().mapToLong(ChildJvm.Measurement::peakRssBytes).max().orElse(0) / 1e6;
            out.append(String.format(Locale.ROOT, "| %d | %.2f s | %.2f s | %.2f s | %.2f | %.2f× | %d / %d | %d | %d | %d "
                            + "| %s | ≤ %.0f MB |%n", t.instances(), t.seconds(), t.cpuSeconds(), t.idleSeconds(),
                    t.topicsPerSecond(), single == null ? Double.NaN : single / t.seconds(), h.exactlyOnce(),
                    h.topics(), h.extraAttempts(), h.leaseLost(), h.failed(), h.perInstance().values(), rss));
        }
        out.append("\nIdle pass: the same processes started again once every topic is optimized (JVM start, "
                + "repository opening, registration, an empty pass), the part of the wall time that is not "
                + "optimizing. CPU: user + system time of the optimizing processes together; with 2 cores, a wall time "
                + "well above CPU / min(instances, cores) is waiting (SQLite's write lock, the disk, or other load). ");
        out.append("Extra attempts: run-history rows beyond one per topic. An acquisition never fails against another "
                + "instance (it waits for SQLite's write lock, then takes the next unleased topic), so contention "
                + "shows as waiting, i.e. in the wall time, and in these counts only if it made a rewrite lose its "
                + "lease or fail.\n");
        return out.toString();
    }
}
