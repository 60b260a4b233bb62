package io.mosaicod.bench;

import io.mosaicod.core.config.ByteSize;
import io.mosaicod.core.io.NettyDirectBuffers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Runs the benchmarks from one command and writes their figures as markdown and JSON.
 *
 * <pre>
 * mvn -q -DskipTests package &amp;&amp; java --add-opens=java.base/java.nio=ALL-UNNAMED \
 *     -cp "bench/target/mosaicod-bench.jar:bench/target/lib/*" io.mosaicod.bench.BenchMain \
 *     --scale full --runs 3 --work /tmp/mosaicod-bench --out bench-results
 * </pre>
 * Scales: {@code small} (minutes, for a check) and {@code full} (the figures in docs/benchmarks.md).
 * {@code --only} picks scenarios among {@value #ALL} (all by default), and {@value #VERSUS}: this build's
 * optimizer against another checkout's ({@code --versus <checkout>/bin/mosaicod}), pass for pass, and
 * {@value #SHAPES}, the shape matrix ({@link ShapeBenchmark}). {@code --prepare-only true} only generates the
 * shape matrix's datasets selected by {@code --shapes}, {@code --variants} and {@code --memory} (through DoPut,
 * {@link DatasetUpload}), and prints their folders, chunk counts, sizes and DoPut MB/s. {@code fleet}
 * ({@link FleetBenchmark}) measures concurrent uploads on the backends {@code --fleet-backends} names
 * ({@code local,s3} by default); {@code --fleet-uploads 32,128} and {@code --fleet-batches 10MiB} pick rows of its
 * matrix, {@code --fleet-slow false} leaves out the slow-client pair.
 */
public final class BenchMain {
    /**
     * DuckDB's memory limit in the speed comparisons: at 1 GB its 2-thread sort of the 1–4 KB-blob topic ran
     * out of memory here (FACTS.md: it fails below ~1 GB on such rows), so both configurations get 2 GB.
     */
    static final String DUCKDB_MEMORY_LIMIT = "2GB";
    static final String ALL = "overlap,ingest,upload,memory,read,scaleout,sizes,search,fleet";
    /** Not among the defaults: it needs another build, {@code --versus <checkout>/bin/mosaicod}. */
    static final String VERSUS = "versus";
    /**
     * Not among the defaults either (21 datasets of ~1 GB): the shape matrix, {@code --shapes a,b} and
     * {@code --variants x,y} to select ({@code none}: no variant), {@code --memory true} to add the 256 MiB-pool
     * check on ~2 GB topics, {@code --reads false} to leave out the reads (DoGet local and S3, DuckDB's decode).
     */
    static final String SHAPES = "shapes";
    /**
     * Not among the defaults either: the catalog-scale scenario (issue #50, {@link CatalogScaleBenchmark}),
     * {@code --topics 1000,10000,100000} catalog sizes, {@code --db sqlite|postgres|both} and
     * {@code --store local|s3|both}.
     */
    static final String CATALOG = "catalog";

    private BenchMain() {
    }

    public static void main(String[] args) throws Exception {
        NettyDirectBuffers.allowUnzeroedPools(); // the harness's client receives like the mosaicod executable's
        Map<String, String> options = options(args);
        boolean full = options.getOrDefault("scale", "small").equals("full");
        int runs = Integer.parseInt(options.getOrDefault("runs", "3"));
        Path work = Files.createDirectories(Path.of(options.getOrDefault("work", "/tmp/mosaicod-bench")));
        BenchReport report = new BenchReport(Path.of(options.getOrDefault("out", "bench-results")));
        Set<String> only = Set.of(options.getOrDefault("only", ALL).split(","));
        for (String name : only) {
            if (!Set.of((ALL + "," + VERSUS + "," + SHAPES + "," + CATALOG).split(",")).contains(name)) {
                throw new IllegalArgumentException("--only: unknown scenario '" + name + "'; known: " + ALL + ","
                        + VERSUS + "," + SHAPES + "," + CATALOG);
            }
        }
        List<Shape> shapes = Shapes.select(options.get("shapes"));
        List<Variant> variants = Variant.select(options.get("variants"));
        List<FleetBackend> fleetBackends = FleetBackend.select(options.getOrDefault("fleet-backends", "local,s3"));
        boolean shapeMemory = Boolean.parseBoolean(options.getOrDefault("memory", "false"));
        if (Boolean.parseBoolean(options.getOrDefault("prepare-only", "false"))) {
            ShapeBenchmark.prepare(work, ShapeBenchmark.specs(shapes, variants, full, shapeMemory));
            return;
        }
        Path other = only.contains(VERSUS) ? otherLauncher(options.get("versus")) : null;

        ChildJvm.prepareLauncher(work.resolve("launcher.log"));
        Machine machine = Machine.describe(work, full ? 1L << 30 : 256L << 20);
        report.put("machine", machine);
        report.put("scale", full ? "full" : "small");
        report.put("runs", runs);
        report.addText(String.format(Locale.ROOT, "Run on %s, scale %s, %d runs per system.%n%n%s", machine.date(),
                full ? "full" : "small", runs, machine.markdown()));
        System.out.print(machine.markdown());

        OptimizerBenchmark optimizer = new OptimizerBenchmark(work, runs);
        List<OptimizerBenchmark.Scenario> scenarios = new ArrayList<>();
        if (only.contains("overlap")) {
            BenchDataset overlapping = BenchDataset.prepare(work, BenchDataset.overlapping(
                    full ? BenchDataset.OVERLAP_DEFAULT_FULL : BenchDataset.OVERLAP_DEFAULT_SMALL));
            scenarios.add(optimizer.compare(overlapping, 0, DUCKDB_MEMORY_LIMIT, 1, 2));
        }
        if (only.contains("ingest")) {
            scenarios.add(optimizer.compare(BenchDataset.prepare(work, ingestionLike(full)), 0, DUCKDB_MEMORY_LIMIT,
                    1, 2));
        }
        if (other != null) {
            ChildJvm.prepareLauncher(other, work.resolve("launcher.log"));
            List<VersusBenchmark.Result> versus = new ArrayList<>();
            versus.add(VersusBenchmark.run(optimizer, BenchDataset.prepare(work, BenchDataset.overlapping(
                    full ? BenchDataset.OVERLAP_DEFAULT_FULL : BenchDataset.OVERLAP_DEFAULT_SMALL)), other, runs));
            versus.add(VersusBenchmark.run(optimizer, BenchDataset.prepare(work, ingestionLike(full)), other, runs));
            report.add("versus", "This build's optimizer against another build's", VersusBenchmark.markdown(versus),
                    versus);
        }
        if (!scenarios.isEmpty()) {
            StringBuilder text = new StringBuilder();
            scenarios.forEach(s -> text.append(OptimizerBenchmark.markdown(s)).append('\n'));
            report.add("scenarios", "Store optimizer vs DuckDB", text.toString(), scenariosJson(scenarios));
        }
        if (only.contains(SHAPES)) {
            boolean speeds = Boolean.parseBoolean(options.getOrDefault("speed", "true"));
            boolean reads = Boolean.parseBoolean(options.getOrDefault("reads", "true"));
            List<ShapeBenchmark.Result> results = new ArrayList<>();
            for (Shape shape : shapes) {
                ShapeBenchmark.Result result = ShapeBenchmark.run(optimizer, work, shape, variants, full, runs, speeds, reads,
                        shapeMemory);
                results.add(result);
                report.add("shape-" + shape.name(), "Shape " + shape.name(), ShapeBenchmark.markdown(result),
                        ShapeBenchmark.json(result));
            }
            if (!variants.isEmpty()) {
                report.addSection("Shapes: ingestion through DoPut", ShapeIngestTable.markdown(results));
            }
        }
        if (only.contains("upload")) {
            List<IngestBenchmark.Result> uploads = IngestBenchmark.run(work, full);
            report.add("ingestion", "Ingestion through DoPut (embedded defaults, one chunk per batch)",
                    IngestBenchmark.markdown(uploads), uploads);
        }
        if (only.contains("memory")) {
            BenchDataset large = BenchDataset.prepare(work, BenchDataset.overlapping(full ? 4000 : 400));
            MemoryBenchmark.Result memory = MemoryBenchmark.run(optimizer, large, runs);
            report.add("memory", "Peak memory vs memory pool", MemoryBenchmark.markdown(memory), memory);
        }
        if (only.contains("read")) {
            List<ReadBenchmark.Result> reads = ReadBenchmark.run(work, full, runs);
            report.add("read", "Full-topic read before and after optimization", ReadBenchmark.markdown(reads), reads);
        }
        if (only.contains("scaleout")) {
            BenchDataset many = BenchDataset.prepare(work, ScaleOutBenchmark.spec(full));
            ScaleOutBenchmark.Result scaleOut = ScaleOutBenchmark.run(many, work, runs);
            report.add("scaleout", "Concurrent store-optimizer processes", ScaleOutBenchmark.markdown(scaleOut),
                    scaleOut);
        }
        if (only.contains("sizes")) {
            List<SizesBenchmark.Size> sizes = SizesBenchmark.run(optimizer, work, full, DUCKDB_MEMORY_LIMIT);
            Path chart = report.sibling("-sizes.png");
            SizesChart.write(sizes, chart);
            report.add("sizes", "Optimizer vs DuckDB across topic sizes", SizesBenchmark.markdown(sizes, chart), sizes);
        }
        if (only.contains("search")) {
            SearchBenchmark.Result search = SearchBenchmark.run(work, full, runs);
            report.add("search", "Search against DuckDB over the same files", SearchBenchmark.markdown(search),
                    search);
        }
        if (only.contains("fleet")) {
            FleetBenchmark.Budget budget = FleetBenchmark.Budget.of(full).select(
                    listOption(options.get("fleet-uploads"), Integer::parseInt).stream().mapToInt(i -> i).toArray(),
                    listOption(options.get("fleet-batches"), ByteSize::parse).stream().mapToLong(b -> b).toArray());
            FleetBenchmark.Result fleet = FleetBenchmark.run(work, budget,
                    Boolean.parseBoolean(options.getOrDefault("fleet-slow", "true")), fleetBackends, machine.disk());
            report.add("fleet", "Concurrent uploads (fleet)", FleetTable.markdown(fleet), fleet);
        }
        if (only.contains(CATALOG)) {
            List<CatalogScaleBenchmark.Result> catalog = CatalogScaleBenchmark.run(work,
                    listOption(options.getOrDefault("topics", "1000,10000,100000"), Integer::parseInt).stream()
                            .mapToInt(i -> i).toArray(),
                    CatalogDeployment.kinds(options.getOrDefault("db", "sqlite"),
                            options.getOrDefault("store", "local")), runs);
            report.add("catalog", "Requests against the catalog's size (issue #50)",
                    CatalogScaleTable.markdown(catalog), catalog);
            System.out.print(CatalogScaleTable.summary(catalog));
        }
        report.write();
    }

    /** 100 sorted chunks of ~10 MiB that follow each other in time (small: 10), as ingestion writes them. */
    private static BenchDataset.Spec ingestionLike(boolean full) {
        return new BenchDataset.Spec("ingestion-like", full ? 100 : 10, 4000, 0.0, 2);
    }

    /** The other build's launcher for {@code --only versus}: {@code --versus <checkout>/bin/mosaicod}. */
    private static Path otherLauncher(String option) {
        if (option == null) {
            throw new IllegalArgumentException("--only versus needs --versus <another checkout>/bin/mosaicod");
        }
        Path launcher = Path.of(option).toAbsolutePath().normalize();
        if (!Files.isExecutable(launcher)) {
            throw new IllegalArgumentException("--versus: " + launcher + " is not an executable launcher");
        }
        return launcher;
    }

    private static List<Object> scenariosJson(List<OptimizerBenchmark.Scenario> scenarios) {
        return new ArrayList<>(scenarios.stream().map(OptimizerBenchmark::json).toList());
    }

    /** A comma-separated option's values, each parsed; empty when the option is not given. */
    private static <T> List<T> listOption(String value, java.util.function.Function<String, T> parse) {
        return value == null ? List.of() : java.util.Arrays.stream(value.split(",")).map(String::trim).map(parse)
                .toList();
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --option value, got '" + args[i] + "'");
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
        return options;
    }
}
