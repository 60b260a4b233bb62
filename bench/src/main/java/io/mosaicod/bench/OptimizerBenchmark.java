package io.mosaicod.bench;

import io.mosaicod.core.io.FileTrees;
import io.mosaicod.tasks.optimizer.RewriteTuning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The store optimizer against DuckDB on the same topics, in the same run, alternating (DESIGN.md §6.2,
 * §10): each trial starts from the freshly ingested topic with a cold page cache and runs in its own JVM;
 * wall time and peak RSS are recorded, and the medians compared. Also measures the disk floor.
 */
public final class OptimizerBenchmark {
    static final long MAX_CHUNK_SIZE = 256_000_000L;

    /** A run that exited non-zero: the first line naming the error, and how long and large it got until then. */
    record Failure(String reason, ChildJvm.Measurement measurement) {
    }

    /** One system's trials on one dataset. */
    record Trials(String system, List<ChildJvm.Measurement> runs, List<Long> outputBytes, List<Integer> outputFiles,
                  List<Failure> failures) {
        Trials(String system) {
            this(system, new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        }

        double medianSeconds() {
            return median(runs.stream().mapToDouble(ChildJvm.Measurement::seconds).toArray());
        }

        double medianRssMB() {
            return median(runs.stream().mapToDouble(m -> m.peakRssBytes() / 1e6).toArray());
        }

        /** The median wall time for a report ("2.43 s", "2.43 s (1 failed)"), or why every run failed. */
        String medianText() {
            if (runs.isEmpty()) {
                return failures.isEmpty() ? "—" : "failed: " + failures.get(0).reason().replace('|', '/');
            }
            String failed = failures.isEmpty() ? "" : String.format(Locale.ROOT, " (%d failed)", failures.size());
            return String.format(Locale.ROOT, "%.2f s%s", medianSeconds(), failed);
        }

        /** The median peak RSS for a report, "—" if no run succeeded. */
        String rssText() {
            return runs.isEmpty() ? "—" : String.format(Locale.ROOT, "%.0f MB", medianRssMB());
        }

        /** {@code ours}' median wall time over {@code theirs}', e.g. "0.45×"; "—" if either never succeeded. */
        static String ratioText(Trials ours, Trials theirs) {
            return ours.runs.isEmpty() || theirs.runs.isEmpty() ? "—"
                    : String.format(Locale.ROOT, "%.2f×", ours.medianSeconds() / theirs.medianSeconds());
        }
    }

    /** Everything measured on one dataset. */
    record Scenario(BenchDataset dataset, List<DiskFloor.Floor> floors, List<ChildJvm.Measurement> idlePasses,
                    boolean coldCache, List<Trials> systems) {
        /**
         * The optimizer's fixed cost on this machine: the same command once the topic is optimized (JVM start,
         * repository, registration, an empty pass), cold cache, median of one per round.
         */
        double idleSeconds() {
            return median(idlePasses.stream().mapToDouble(ChildJvm.Measurement::seconds).toArray());
        }

        /**
         * The median of the floors measured between the rounds: on a virtual disk whose host caches some reads
         * and writes, one measurement moved between 0.96 and 1.74 s for the same 1 GB; the systems' times are
         * medians too.
         */
        DiskFloor.Floor floor() {
            List<DiskFloor.Floor> sorted = new ArrayList<>(floors);
            sorted.sort(java.util.Comparator.comparingDouble(DiskFloor.Floor::seconds));
            return sorted.get((sorted.size() - 1) / 2);
        }
    }

    private final Path work;
    private final int runs;

    OptimizerBenchmark(Path work, int runs) {
        this.work = work;
        this.runs = runs;
    }

    /**
     * Alternates the optimizer and DuckDB with each of {@code duckThreads} (the first is the reference of the
     * ratios, 1 thread: the globally sorted configuration) on {@code dataset}, {@code runs} times each.
     */
    Scenario compare(BenchDataset dataset, long poolBytes, String duckMemoryLimit, int... duckThreads) throws Exception {
        System.out.printf(Locale.ROOT, "%s: %d chunks, %.1f MB, %d rows%n", dataset.spec().name(),
                dataset.chunkFiles().size(), dataset.inputBytes() / 1e6, dataset.rows());
        Trials optimizer = new Trials("mosaicod store-optimizer");
        List<Trials> ducks = new ArrayList<>();
        for (int threads : duckThreads) {
            ducks.add(new Trials(duckDbSystem(threads)));
        }
        boolean cold = true;
        List<DiskFloor.Floor> floors = new ArrayList<>();
        List<ChildJvm.Measurement> idlePasses = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            cold &= runOptimizer(dataset, poolBytes, optimizer);
            for (int i = 0; i < duckThreads.length; i++) {
                cold &= runDuckDb(dataset, duckThreads[i], duckMemoryLimit, ducks.get(i));
            }
            floors.add(DiskFloor.measure(dataset.chunkFiles(), optimizer.outputBytes().get(0), work));
            cold &= PageCache.drop();
            idlePasses.add(optimizerPass(dataset, poolBytes)); // the topic is still optimized: nothing to do
        }
        List<Trials> systems = new ArrayList<>(List.of(optimizer));
        systems.addAll(ducks);
        return new Scenario(dataset, floors, idlePasses, cold, systems);
    }

    static String duckDbSystem(int threads) {
        return "DuckDB COPY ORDER BY, " + threads + (threads == 1 ? " thread" : " threads");
    }

    /**
     * One optimizer pass over the freshly ingested {@code dataset}, cold cache, in its own JVM; {@code poolBytes}
     * 0 runs it without a memory pool. Returns whether the page cache could be dropped.
     */
    boolean runOptimizer(BenchDataset dataset, long poolBytes, Trials trials) throws Exception {
        dataset.reset();
        boolean cold = PageCache.drop();
        ChildJvm.Measurement m = optimizerPass(dataset, poolBytes);
        List<Path> files = dataset.currentChunkFiles();
        trials.runs().add(m);
        trials.outputBytes().add(sizeOf(files));
        trials.outputFiles().add(files.size());
        report(trials.system(), m);
        return cold;
    }

    /** One {@code mosaicod store-optimizer} pass over {@code dataset} in its current state. */
    private ChildJvm.Measurement optimizerPass(BenchDataset dataset, long poolBytes) throws Exception {
        return optimizerPass(null, dataset, poolBytes);
    }

    /** The same through {@code launcher}, another build's; null for this one's. */
    ChildJvm.Measurement optimizerPass(Path launcher, BenchDataset dataset, long poolBytes) throws Exception {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("MOSAICOD_DATA_DIR", dataset.dataDir().toString());
        env.put("MOSAICOD_STORE_OPTIMIZER_MEMORY_POOL_SIZE", Long.toString(poolBytes));
        env.put("MOSAICOD_STORE_OPTIMIZER_MAX_CHUNK_SIZE", Long.toString(MAX_CHUNK_SIZE));
        env.put("MOSAICOD_LOG_LEVEL", "warning");
        Path log = work.resolve("optimizer.log");
        ChildJvm.Measurement m = launcher == null ? ChildJvm.mosaicod(List.of("store-optimizer"), env, log)
                : ChildJvm.mosaicod(launcher, List.of("store-optimizer"), env, log);
        require(m, "store-optimizer");
        return m;
    }

    /** One DuckDB sort of {@code dataset}'s chunks, cold cache, in its own JVM; a failure is recorded, not thrown. */
    boolean runDuckDb(BenchDataset dataset, int threads, String memoryLimit, Trials trials) throws Exception {
        Path out = work.resolve("duckdb-out");
        FileTrees.delete(out);
        FileTrees.delete(work.resolve("duckdb-out.tmp"));
        Path list = work.resolve("inputs.txt");
        Files.write(list, dataset.chunkFiles().stream().map(Path::toString).toList());
        long rowBytes = Math.max(1, dataset.arrowBytes() / Math.max(1, dataset.rows()));
        // row groups of about the size the optimizer writes
        long rowGroupRows = Math.max(1024, RewriteTuning.DEFAULT.maxRowGroupBytes() / rowBytes);
        boolean cold = PageCache.drop();
        ChildJvm.Measurement m = ChildJvm.run(List.of(), DuckDbSort.class.getName(), List.of(Integer.toString(threads),
                memoryLimit, Long.toString(rowGroupRows), Long.toString(MAX_CHUNK_SIZE), out.toString(), list.toString()),
                Map.of(), work.resolve("duckdb.log"));
        if (m.exitCode() != 0) {
            String reason = failureReason(m);
            trials.failures().add(new Failure(reason, m));
            System.out.printf(Locale.ROOT, "  %-34s failed after %.2f s: %s%n", trials.system(), m.seconds(), reason);
            return cold;
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(out)) {
            files = s.toList();
        }
        trials.runs().add(m);
        trials.outputBytes().add(sizeOf(files));
        trials.outputFiles().add(files.size());
        report(trials.system(), m);
        return cold;
    }

    /** The first line of a failed DuckDB process's output that names the error, or its exit code. */
    static String failureReason(ChildJvm.Measurement m) {
        return m.output().lines().filter(l -> l.contains("Error")).findFirst()
                .map(l -> l.replaceFirst("^Exception in thread \"main\" ", "")).orElse("exit " + m.exitCode());
    }

    private static void require(ChildJvm.Measurement m, String what) {
        if (m.exitCode() != 0) {
            throw new IllegalStateException(what + " exited with " + m.exitCode() + ":\n" + m.output());
        }
    }

    private static void report(String system, ChildJvm.Measurement m) {
        System.out.printf(Locale.ROOT, "  %-34s %7.2f s  peak RSS %6.0f MB%n", system, m.seconds(), m.peakRssBytes() / 1e6);
    }

    static long sizeOf(List<Path> files) throws IOException {
        long total = 0;
        for (Path f : files) {
            total += Files.size(f);
        }
        return total;
    }

    /** The median; NaN if there are no values (a system that failed every run). */
    static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The scenario as the JSON report holds it: the dataset, the floors, each system's runs and medians. */
    static Map<String, Object> json(Scenario s) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("dataset", s.dataset().spec());
        entry.put("input_bytes", s.dataset().inputBytes());
        entry.put("rows", s.dataset().rows());
        entry.put("cold_cache", s.coldCache());
        entry.put("floor", s.floor());
        entry.put("floors", s.floors());
        entry.put("idle_pass_seconds", s.idlePasses().stream().map(ChildJvm.Measurement::seconds).toList());
        List<Object> systems = new ArrayList<>();
        for (Trials t : s.systems()) {
            Map<String, Object> system = new LinkedHashMap<>();
            system.put("system", t.system());
            system.put("seconds", t.runs().stream().map(ChildJvm.Measurement::seconds).toList());
            system.put("peak_rss_bytes", t.runs().stream().map(ChildJvm.Measurement::peakRssBytes).toList());
            system.put("median_seconds", t.medianSeconds());
            system.put("output_bytes", t.outputBytes());
            system.put("output_files", t.outputFiles());
            system.put("failures", t.failures().stream().map(Failure::reason).toList());
            systems.add(system);
        }
        entry.put("systems", systems);
        return entry;
    }

    /** A markdown table of one scenario, ratios against DuckDB 1 thread (the globally sorted configuration). */
    static String markdown(Scenario s) {
        StringBuilder out = new StringBuilder();
        BenchDataset d = s.dataset();
        String floorsText = secondsText(s.floors().stream().map(DiskFloor.Floor::seconds).toList());
        out.append(String.format(Locale.ROOT, "%s: %d chunks, %.0f MB (%d rows)%s; disk floor %.2f s (median of %s, one"
                        + " per round; read %.0f MB/s, write+sync %.0f MB/s)%n%n", d.spec().name(), d.chunkFiles().size(),
                d.inputBytes() / 1e6, d.rows(), s.coldCache() ? ", cold cache" : ", warm cache (not root)",
                s.floor().seconds(), floorsText, s.floor().readMBps(), s.floor().writeMBps()));
        out.append("| system | median wall | runs | × DuckDB 1 thread | × disk floor | median peak RSS | output |\n");
        out.append("|---|---|---|---|---|---|---|\n");
        double reference = s.systems().get(1).medianSeconds();
        for (Trials t : s.systems()) {
            if (t.runs().isEmpty()) {
                out.append(String.format(Locale.ROOT, "| %s | failed in all %d runs: %s | | | | | |%n", t.system(),
                        t.failures().size(), t.failures().get(0).reason().replace('|', '/')));
                continue;
            }
            String runsText = secondsList(t.runs());
            out.append(String.format(Locale.ROOT, "| %s | %.2f s | %s | %.2f | %.2f | %.0f MB | %d files, %.0f MB |%n",
                    t.system(), t.medianSeconds(), runsText, t.medianSeconds() / reference,
                    t.medianSeconds() / s.floor().seconds(), t.medianRssMB(), t.outputFiles().get(0),
                    t.outputBytes().get(0) / 1e6));
            if (!t.failures().isEmpty()) {
                out.append(String.format(Locale.ROOT, "| (%s) | %d failed runs: %s | | | | | |%n", t.system(),
                        t.failures().size(), t.failures().get(0).reason().replace('|', '/')));
            }
        }
        Trials optimizer = s.systems().get(0);
        if (!optimizer.runs().isEmpty()) {
            double work = optimizer.medianSeconds() - s.idleSeconds();
            out.append(String.format(Locale.ROOT, "%nmosaicod with nothing left to optimize (the same command after a pass:"
                            + " JVM start, repository, registration, an empty pass; cold cache): %.2f s (median of %s,"
                            + " one per round). The pass less that: %.2f s, %.2f× the disk floor.%n", s.idleSeconds(),
                    secondsList(s.idlePasses()), work, work / s.floor().seconds()));
        }
        return out.toString();
    }

    /** e.g. {@code 1.92, 1.90, 1.92}. */
    private static String secondsList(List<ChildJvm.Measurement> measurements) {
        return secondsText(measurements.stream().map(ChildJvm.Measurement::seconds).toList());
    }

    private static String secondsText(List<Double> seconds) {
        return String.join(", ", seconds.stream().map(v -> String.format(Locale.ROOT, "%.2f", v)).toList());
    }
}
