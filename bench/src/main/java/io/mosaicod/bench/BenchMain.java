package io.mosaicod.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
 */
public final class BenchMain {
    /**
     * DuckDB's memory limit in the speed comparisons: at 1 GB its 2-thread sort of the 1–4 KB-blob topic ran
     * out of memory here (FACTS.md: it fails below ~1 GB on such rows), so both configurations get 2 GB.
     */
    static final String DUCKDB_MEMORY_LIMIT = "2GB";

    private BenchMain() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        boolean full = options.getOrDefault("scale", "small").equals("full");
        int runs = Integer.parseInt(options.getOrDefault("runs", "3"));
        Path work = Files.createDirectories(Path.of(options.getOrDefault("work", "/tmp/mosaicod-bench")));
        Path out = Path.of(options.getOrDefault("out", "bench-results"));
        Set<String> only = Set.of(options.getOrDefault("only", "overlap,ingest,upload").split(","));

        System.out.printf("mosaicod benchmarks, scale %s, %d runs, %d cores, %.1f GB RAM, java %s%n",
                full ? "full" : "small", runs, Runtime.getRuntime().availableProcessors(), totalMemoryGB(),
                System.getProperty("java.version"));
        OptimizerBenchmark optimizer = new OptimizerBenchmark(work, runs);
        List<OptimizerBenchmark.Scenario> scenarios = new ArrayList<>();
        if (only.contains("overlap")) {
            BenchDataset overlapping = BenchDataset.prepare(work, new BenchDataset.Spec("overlapping",
                    full ? 2000 : 200, 200, 0.3, 1));
            scenarios.add(optimizer.compare(overlapping, 0, DUCKDB_MEMORY_LIMIT));
        }
        if (only.contains("ingest")) {
            BenchDataset ingestionLike = BenchDataset.prepare(work, new BenchDataset.Spec("ingestion-like",
                    full ? 100 : 10, 4000, 0.0, 2));
            scenarios.add(optimizer.compare(ingestionLike, 0, DUCKDB_MEMORY_LIMIT));
        }

        List<IngestBenchmark.Result> uploads = only.contains("upload") ? IngestBenchmark.run(work, full) : List.of();

        StringBuilder markdown = new StringBuilder();
        markdown.append(String.format("Run on %s: %d cores, %.1f GB RAM, java %s, scale %s, %d runs per system.%n%n",
                LocalDate.now(), Runtime.getRuntime().availableProcessors(), totalMemoryGB(),
                System.getProperty("java.version"), full ? "full" : "small", runs));
        for (OptimizerBenchmark.Scenario s : scenarios) {
            markdown.append(OptimizerBenchmark.markdown(s)).append('\n');
        }
        if (!uploads.isEmpty()) {
            markdown.append("Ingestion through DoPut (embedded defaults, one chunk per batch):\n\n")
                    .append(IngestBenchmark.markdown(uploads)).append('\n');
        }
        System.out.println();
        System.out.println(markdown);
        Files.writeString(Path.of(out + ".md"), markdown.toString());
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(Path.of(out + ".json").toFile(),
                json(scenarios, uploads, full, runs));
    }

    private static Map<String, Object> json(List<OptimizerBenchmark.Scenario> scenarios,
                                            List<IngestBenchmark.Result> uploads, boolean full, int runs) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("date", LocalDate.now().toString());
        root.put("cores", Runtime.getRuntime().availableProcessors());
        root.put("memory_gb", totalMemoryGB());
        root.put("scale", full ? "full" : "small");
        root.put("runs", runs);
        List<Object> list = new ArrayList<>();
        for (OptimizerBenchmark.Scenario s : scenarios) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("dataset", s.dataset().spec());
            entry.put("input_bytes", s.dataset().inputBytes());
            entry.put("rows", s.dataset().rows());
            entry.put("cold_cache", s.coldCache());
            entry.put("floor", s.floor());
            List<Object> systems = new ArrayList<>();
            for (OptimizerBenchmark.Trials t : s.systems()) {
                Map<String, Object> system = new LinkedHashMap<>();
                system.put("system", t.system());
                system.put("seconds", t.runs().stream().map(ChildJvm.Measurement::seconds).toList());
                system.put("peak_rss_bytes", t.runs().stream().map(ChildJvm.Measurement::peakRssBytes).toList());
                system.put("median_seconds", t.medianSeconds());
                system.put("output_bytes", t.outputBytes());
                system.put("output_files", t.outputFiles());
                systems.add(system);
            }
            entry.put("systems", systems);
            list.add(entry);
        }
        root.put("scenarios", list);
        root.put("ingestion", uploads);
        return root;
    }

    private static double totalMemoryGB() {
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getTotalMemorySize() / 1e9;
        }
        return Double.NaN;
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
