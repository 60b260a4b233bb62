package io.mosaicod.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Peak memory under a cap (issue #5, DESIGN.md §6.2): the optimizer with memory pools of 128, 256 and 512 MiB
 * on one large overlapping topic, against DuckDB (1 thread, the globally sorted configuration) with the same
 * {@code memory_limit}. Each trial is a fresh JVM on the freshly ingested topic with a cold page cache; pool
 * sizes and systems alternate. DuckDB is expected to run out of memory at these limits on 1–4 KB blobs
 * (FACTS.md): its failures are reported with the error's first line, how long it ran and how large it got.
 */
final class MemoryBenchmark {
    static final long[] POOLS_MIB = {128, 256, 512};
    /** Issue #5's goal: with a 256 MiB pool, the optimizer process stays within 640 MB resident. */
    static final long GOAL_POOL_MIB = 256;
    static final double GOAL_PEAK_RSS_MB = 640;

    /** One pool size: the optimizer's trials with it and DuckDB's with the same limit. */
    record Pool(long mebibytes, OptimizerBenchmark.Trials optimizer, OptimizerBenchmark.Trials duckdb) {
    }

    record Result(DatasetSummary dataset, boolean coldCache, List<Pool> pools) {
    }

    private MemoryBenchmark() {
    }

    static Result run(OptimizerBenchmark benchmark, BenchDataset dataset, int runs) throws Exception {
        return run(benchmark, dataset, runs, POOLS_MIB, true);
    }

    /**
     * The optimizer with each pool of {@code poolsMiB} (and, with {@code duckdb}, DuckDB 1 thread with the same
     * memory limit), alternating, {@code runs} times each.
     */
    static Result run(OptimizerBenchmark benchmark, BenchDataset dataset, int runs, long[] poolsMiB, boolean duckdb)
            throws Exception {
        System.out.printf(Locale.ROOT, "memory: %s, %d chunks, %.1f MB%n", dataset.spec().name(),
                dataset.chunkFiles().size(), dataset.inputBytes() / 1e6);
        List<Pool> pools = new ArrayList<>();
        for (long mib : poolsMiB) {
            pools.add(new Pool(mib, new OptimizerBenchmark.Trials("mosaicod store-optimizer, pool " + mib + " MiB"),
                    new OptimizerBenchmark.Trials(OptimizerBenchmark.duckDbSystem(1) + ", memory_limit " + mib + "MB")));
        }
        boolean cold = true;
        for (int r = 0; r < runs; r++) {
            for (Pool pool : pools) {
                cold &= benchmark.runOptimizer(dataset, pool.mebibytes() << 20, pool.optimizer());
                if (duckdb) {
                    cold &= benchmark.runDuckDb(dataset, 1, pool.mebibytes() + "MB", pool.duckdb());
                }
            }
        }
        return new Result(DatasetSummary.of(dataset), cold, pools);
    }

    static String markdown(Result result) {
        StringBuilder out = new StringBuilder(result.dataset().markdown())
                .append(result.coldCache() ? ", cold cache.\n\n" : ", warm cache (not root).\n\n");
        out.append("| memory cap | system | median wall | median peak RSS | status |\n|---|---|---|---|---|\n");
        for (Pool pool : result.pools()) {
            row(out, pool.mebibytes(), pool.optimizer());
            row(out, pool.mebibytes(), pool.duckdb());
        }
        for (Pool pool : result.pools()) {
            if (pool.mebibytes() == GOAL_POOL_MIB && !pool.optimizer().runs().isEmpty()) {
                double rss = pool.optimizer().medianRssMB();
                out.append(String.format(Locale.ROOT, "%nGoal (issue #5): optimizer peak RSS with a %d MiB pool "
                        + "≤ %.0f MB: %.0f MB, %s.%n", GOAL_POOL_MIB, GOAL_PEAK_RSS_MB, rss,
                        rss <= GOAL_PEAK_RSS_MB ? "met" : "not met"));
            }
        }
        return out.toString();
    }

    private static void row(StringBuilder out, long mib, OptimizerBenchmark.Trials trials) {
        for (OptimizerBenchmark.Failure failure : trials.failures()) {
            out.append(String.format(Locale.ROOT, "| %d MiB | %s | %.2f s | %.0f MB | failed: %s |%n", mib,
                    trials.system(), failure.measurement().seconds(), failure.measurement().peakRssBytes() / 1e6,
                    failure.reason().replace('|', '/')));
        }
        if (!trials.runs().isEmpty()) {
            out.append(String.format(Locale.ROOT, "| %d MiB | %s | %.2f s | %.0f MB | ok (%d runs; %d files, %.0f MB) |%n",
                    mib, trials.system(), trials.medianSeconds(), trials.medianRssMB(), trials.runs().size(),
                    trials.outputFiles().get(0), trials.outputBytes().get(0) / 1e6));
        }
    }
}
