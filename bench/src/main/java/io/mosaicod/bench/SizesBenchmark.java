package io.mosaicod.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the optimizer and DuckDB (1 thread, the globally sorted configuration) scale with the topic: wall time
 * and peak RSS on overlapping topics of growing size (full: ~0.27, 0.53, 1.07, 2.14 GB; small: a tenth), with
 * the same trials as the speed comparison. The datasets are the ones the other scenarios use where the sizes
 * coincide (1.07 GB is the overlap scenario's topic, 2.14 GB the memory scenario's).
 */
final class SizesBenchmark {
    private static final int[] FULL_CHUNKS = {500, 1000, 2000, 4000};
    private static final int[] SMALL_CHUNKS = {50, 100, 200, 400};

    record Size(DatasetSummary dataset, OptimizerBenchmark.Trials optimizer, OptimizerBenchmark.Trials duckdb) {
    }

    private SizesBenchmark() {
    }

    static List<Size> run(OptimizerBenchmark benchmark, Path work, boolean full, String duckMemoryLimit)
            throws Exception {
        List<Size> sizes = new ArrayList<>();
        for (int chunks : full ? FULL_CHUNKS : SMALL_CHUNKS) {
            BenchDataset dataset = BenchDataset.prepare(work, BenchDataset.overlapping(chunks));
            OptimizerBenchmark.Scenario s = benchmark.compare(dataset, 0, duckMemoryLimit, 1);
            sizes.add(new Size(DatasetSummary.of(dataset), s.systems().get(0), s.systems().get(1)));
        }
        return sizes;
    }

    static String markdown(List<Size> sizes, Path chart) {
        StringBuilder out = new StringBuilder("| topic | mosaicod wall | DuckDB 1 thread wall | mosaicod / DuckDB "
                + "| mosaicod peak RSS | DuckDB peak RSS |\n|---|---|---|---|---|---|\n");
        for (Size size : sizes) {
            out.append(String.format(Locale.ROOT, "| %d chunks, %.0f MB | %s | %s | %s | %s | %s |%n",
                    size.dataset().chunks(), size.dataset().inputBytes() / 1e6, size.optimizer().medianText(),
                    size.duckdb().medianText(), OptimizerBenchmark.Trials.ratioText(size.optimizer(), size.duckdb()),
                    size.optimizer().rssText(), size.duckdb().rssText()));
        }
        out.append("\nMedians of the runs; chart: `").append(chart.getFileName()).append("`.\n");
        return out.toString();
    }
}
