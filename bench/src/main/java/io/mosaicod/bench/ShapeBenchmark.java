package io.mosaicod.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Scenario {@code shapes}: on every selected {@link Shape} × {@link Variant}, a ~1 GB topic (small scale: a
 * tenth) the harness generates itself,
 * <ul>
 *   <li>the optimizer against DuckDB 1 and 2 threads exactly as {@link OptimizerBenchmark#compare} measures
 *       the older topics (alternating, cold cache, whole processes, same files, disk floor per round, peak
 *       RSS, no memory pool);</li>
 *   <li>with reads on, full reads through DoGet before and after optimization on the local store and on S3,
 *       and DuckDB's 2-thread decode of every column of the files before and after ({@link ShapeReads});</li>
 *   <li>with {@code --memory true}, the optimizer with a 256 MiB pool on a ~2 GB overlapping topic of the
 *       shape ({@link MemoryBenchmark}, without DuckDB).</li>
 * </ul>
 * One markdown table per shape, one row per variant.
 */
final class ShapeBenchmark {
    /** Speed goals of the shape matrix (issue #15): the optimizer against DuckDB's sort. */
    static final double GOAL_VS_DUCKDB_1 = 0.6;
    static final double GOAL_VS_DUCKDB_2 = 1.0;
    static final long MEMORY_POOL_MIB = 256;

    /** One variant of a shape: its dataset's ingestion, its speed comparison and (if measured) its reads. */
    record Row(Variant variant, DatasetSummary dataset, DatasetUpload.Figures ingest, OptimizerBenchmark.Scenario speed,
               ShapeReads.Result reads) {
    }

    /** One shape's table; {@code memory} is null unless the memory check ran. */
    record Result(Shape shape, List<Row> rows, MemoryBenchmark.Result memory) {
    }
    /** Chunks of the ~1 GB topics (small scale: a tenth). */
    static final int CHUNKS_FULL = 2000;
    static final int CHUNKS_SMALL = 200;
    /** Chunks of the ~2 GB overlapping topics of the memory check (small scale: a tenth). */
    static final int MEMORY_CHUNKS_FULL = 4000;
    static final int MEMORY_CHUNKS_SMALL = 400;

    private ShapeBenchmark() {
    }

    /**
     * The dataset of {@code shape} × {@code variant} with {@code chunks} chunks. The flat shape's overlapping
     * topic is the older scenarios' own ({@link BenchDataset#overlapping}), generated once for both.
     */
    static BenchDataset.Spec spec(Shape shape, Variant variant, int chunks) {
        if (shape == FlatShape.INSTANCE && variant == Variant.OVERLAPPING) {
            return BenchDataset.overlapping(chunks);
        }
        return new BenchDataset.Spec(shape.name() + "-" + variant.option() + "-" + chunks, chunks, shape.rowsPerChunk(),
                variant.overlap(), 1, 1, shape, variant.disorder());
    }

    /** The datasets a run of the selection uses: each shape × variant, then (with {@code memory}) the larger ones. */
    static List<BenchDataset.Spec> specs(List<Shape> shapes, List<Variant> variants, boolean full, boolean memory) {
        List<BenchDataset.Spec> specs = new ArrayList<>();
        for (Shape shape : shapes) {
            for (Variant variant : variants) {
                specs.add(spec(shape, variant, full ? CHUNKS_FULL : CHUNKS_SMALL));
            }
        }
        if (memory) {
            for (Shape shape : shapes) {
                specs.add(spec(shape, Variant.OVERLAPPING, full ? MEMORY_CHUNKS_FULL : MEMORY_CHUNKS_SMALL));
            }
        }
        return specs;
    }

    /**
     * DuckDB's memory limit here: at the other scenarios' 2 GB its sort of the point-cloud topic failed (out of
     * memory, 1.8 GiB used by 32 MiB allocations); a limit it does not reach makes every shape comparable.
     */
    static final String DUCKDB_MEMORY_LIMIT = "16GB";

    /** Measures {@code shape} on each of {@code variants}; see the class comment. */
    static Result run(OptimizerBenchmark optimizer, Path work, Shape shape, List<Variant> variants, boolean full,
                      int runs, boolean speeds, boolean reads, boolean memory) throws Exception {
        List<Row> rows = new ArrayList<>();
        for (Variant variant : variants) {
            BenchDataset dataset = BenchDataset.prepare(work, spec(shape, variant, full ? CHUNKS_FULL : CHUNKS_SMALL));
            OptimizerBenchmark.Scenario speed = speeds ? optimizer.compare(dataset, 0, DUCKDB_MEMORY_LIMIT, 1, 2) : null;
            ShapeReads.Result read = reads ? ShapeReads.measure(dataset, runs, work) : null;
            rows.add(new Row(variant, DatasetSummary.of(dataset), dataset.ingest(), speed, read));
        }
        MemoryBenchmark.Result pool = null;
        if (memory) {
            BenchDataset large = BenchDataset.prepare(work, spec(shape, Variant.OVERLAPPING,
                    full ? MEMORY_CHUNKS_FULL : MEMORY_CHUNKS_SMALL));
            pool = MemoryBenchmark.run(optimizer, large, runs, new long[] {MEMORY_POOL_MIB}, false);
        }
        return new Result(shape, rows, pool);
    }

    /** {@code --prepare-only true}: generates (or finds) the datasets and prints where they are and their size. */
    static List<BenchDataset> prepare(Path work, List<BenchDataset.Spec> specs) throws Exception {
        List<BenchDataset> datasets = new ArrayList<>();
        for (BenchDataset.Spec spec : specs) {
            datasets.add(BenchDataset.prepare(work, spec));
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "%-34s %-12s %7s %11s %11s %10s %13s  %s%n", "dataset", "shape", "chunks",
                "Parquet MB", "Arrow MB", "rows", "DoPut MB/s", "folder (topic bench/<dataset>, store/ and mosaico.db "
                        + "inside)");
        for (BenchDataset d : datasets) {
            System.out.printf(Locale.ROOT, "%-34s %-12s %7d %11.1f %11.1f %10d %13.1f  %s%n", d.spec().name(),
                    d.spec().shape().name(), d.chunkFiles().size(), d.inputBytes() / 1e6, d.arrowBytes() / 1e6,
                    d.rows(), d.ingest().arrowMegabytesPerSecond(), d.dataDir());
        }
        return datasets;
    }

    /** The shape's section of the report: its schema, one row per variant, and the goals checked. */
    static String markdown(Result result) {
        Shape shape = result.shape();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "Serialization format `%s`, %d rows per chunk (%.0f ms apart). Schema: `%s`%n%n",
                shape.serializationFormat(), shape.rowsPerChunk(), shape.periodNs() / 1e6, shape.schema()));
        if (result.rows().isEmpty()) {
            return result.memory() == null ? out.toString()
                    : out.append("Memory, ").append(MemoryBenchmark.markdown(result.memory())).toString();
        }
        out.append("| variant | topic | mosaicod | DuckDB 1 thread | DuckDB 2 threads | mosaicod / DuckDB 1 | "
                + "mosaicod / DuckDB 2 | disk floor | mosaicod / floor | peak RSS mosaicod / DuckDB 1 / DuckDB 2 | "
                + "DoGet local before → after | DoGet S3 before → after | DuckDB 2-thread decode before → after |\n");
        out.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Row row : result.rows()) {
            if (row.speed() == null) {
                out.append(String.format(Locale.ROOT, "| %s | %d chunks, %.0f MB, %d rows | — | — | — | — | — | — | — "
                                + "| — | %s |%n", row.variant().option(), row.dataset().chunks(),
                        row.dataset().inputBytes() / 1e6, row.dataset().rows(), readCells(row)));
                continue;
            }
            List<OptimizerBenchmark.Trials> systems = row.speed().systems();
            OptimizerBenchmark.Trials ours = systems.get(0);
            double floor = row.speed().floor().seconds();
            out.append(String.format(Locale.ROOT, "| %s | %d chunks, %.0f MB, %d rows | %s | %s | %s | %s | %s | %.2f s "
                            + "| %s | %s / %s / %s | %s |%n", row.variant().option(), row.dataset().chunks(),
                    row.dataset().inputBytes() / 1e6, row.dataset().rows(), ours.medianText(),
                    systems.get(1).medianText(), systems.get(2).medianText(),
                    OptimizerBenchmark.Trials.ratioText(ours, systems.get(1)),
                    OptimizerBenchmark.Trials.ratioText(ours, systems.get(2)), floor,
                    ratio(ours.medianSeconds(), floor), ours.rssText(), systems.get(1).rssText(),
                    systems.get(2).rssText(), readCells(row)));
        }
        out.append('\n');
        goals(out, result);
        if (result.memory() != null) {
            out.append('\n').append("Memory, ").append(MemoryBenchmark.markdown(result.memory()));
        }
        return out.toString();
    }

    /** The read columns of a row: DoGet local, DoGet S3, DuckDB's decode. */
    private static String readCells(Row row) {
        return row.reads() == null ? "— | — | —" : readCell(row.reads().local()) + " | " + readCell(row.reads().s3())
                + " | " + decodeCell(row.reads());
    }

    private static void goals(StringBuilder out, Result result) {
        List<String> vsOne = new ArrayList<>();
        List<String> vsTwo = new ArrayList<>();
        List<String> reads = new ArrayList<>();
        List<String> doGetVsDecode = new ArrayList<>();
        for (Row row : result.rows()) {
            if (row.speed() != null) {
                List<OptimizerBenchmark.Trials> systems = row.speed().systems();
                double ours = systems.get(0).medianSeconds();
                vsOne.add(verdict(row.variant(), ours / systems.get(1).medianSeconds(), GOAL_VS_DUCKDB_1));
                vsTwo.add(verdict(row.variant(), ours / systems.get(2).medianSeconds(), GOAL_VS_DUCKDB_2));
            }
            ShapeReads.Result r = row.reads();
            if (r != null) {
                for (ReadBenchmark.Result store : List.of(r.local(), r.s3())) {
                    reads.add(String.format(Locale.ROOT, "%s %s %.2f → %.2f s %s", row.variant().option(),
                            store.store().startsWith("S3") ? "S3" : "local", store.medianBefore(), store.medianAfter(),
                            store.medianAfter() <= store.medianBefore() ? "met" : "**not met**"));
                }
                doGetVsDecode.add(String.format(Locale.ROOT, "%s %.2f s vs %s (%s)", row.variant().option(),
                        r.local().medianAfter(), Double.isNaN(r.decodeAfter().medianQuerySeconds()) ? "failed"
                                : String.format(Locale.ROOT, "%.2f s", r.decodeAfter().medianQuerySeconds()),
                        ratio(r.local().medianAfter(), r.decodeAfter().medianQuerySeconds())));
            }
        }
        if (!vsOne.isEmpty()) {
            out.append(String.format(Locale.ROOT, "Goals: mosaicod ≤ %.1f× DuckDB 1 thread: %s. mosaicod ≤ %.1f× DuckDB "
                    + "2 threads: %s.%n", GOAL_VS_DUCKDB_1, String.join(", ", vsOne), GOAL_VS_DUCKDB_2,
                    String.join(", ", vsTwo)));
        }
        if (!reads.isEmpty()) {
            out.append(String.format(Locale.ROOT, "No read slower after optimization than before (median before → "
                    + "after): %s.%n", String.join(", ", reads)));
            out.append(String.format(Locale.ROOT, "Full DoGet read of the optimized topic (local store, client "
                    + "included) vs DuckDB's %d-thread decode of every column of the same files (query time): %s.%n",
                    ShapeReads.DECODE_THREADS, String.join(", ", doGetVsDecode)));
        }
    }

    private static String verdict(Variant variant, double ratio, double goal) {
        return String.format(Locale.ROOT, "%s %.2f× %s", variant.option(), ratio,
                Double.isNaN(ratio) ? "(no comparison)" : ratio <= goal ? "met" : "**not met**");
    }

    private static String ratio(double ours, double theirs) {
        return Double.isNaN(ours) || Double.isNaN(theirs) ? "—" : String.format(Locale.ROOT, "%.2f×", ours / theirs);
    }

    private static String readCell(ReadBenchmark.Result r) {
        return String.format(Locale.ROOT, "%.2f → %.2f s (%d → %d chunks)", r.medianBefore(), r.medianAfter(),
                r.chunksBefore(), r.chunksAfter());
    }

    private static String decodeCell(ShapeReads.Result r) {
        return String.format(Locale.ROOT, "%s → %s", decodeSeconds(r.decodeBefore()), decodeSeconds(r.decodeAfter()));
    }

    private static String decodeSeconds(ShapeReads.Decode d) {
        if (d.querySeconds().isEmpty()) {
            return d.failures().isEmpty() ? "—" : "failed: " + d.failures().get(0).replace('|', '/');
        }
        return String.format(Locale.ROOT, "%.2f s (process %.2f s)", d.medianQuerySeconds(), d.medianProcessSeconds());
    }

    /** The shape's entry of the JSON report. */
    static Map<String, Object> json(Result result) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("shape", result.shape().name());
        entry.put("schema", result.shape().schema().toString());
        entry.put("serialization_format", result.shape().serializationFormat());
        List<Object> rows = new ArrayList<>();
        for (Row row : result.rows()) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("variant", row.variant().option());
            r.put("ingest", ShapeIngestTable.json(row));
            r.put("speed", row.speed() == null ? null : OptimizerBenchmark.json(row.speed()));
            r.put("reads", row.reads());
            rows.add(r);
        }
        entry.put("variants", rows);
        entry.put("memory", result.memory());
        return entry;
    }
}
