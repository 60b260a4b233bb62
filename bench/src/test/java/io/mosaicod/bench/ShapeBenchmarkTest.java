package io.mosaicod.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shape's report: one row per variant, failed systems named, every goal checked, JSON written; the matrix's
 * ingestion table, one row per variant, from the dataset's real DoPut.
 */
class ShapeBenchmarkTest {
    @TempDir
    Path work;

    @Test
    void theShapesTableNamesFailuresAndChecksEveryGoal() throws Exception {
        Shape imu = Shapes.named("imu");
        BenchDataset dataset = BenchDataset.prepare(work, new BenchDataset.Spec("tiny-imu", 3, 10, 0.0, 1, 1, imu, 0));
        OptimizerBenchmark.Trials ours = trials("mosaicod store-optimizer", 1.0);
        OptimizerBenchmark.Trials one = new OptimizerBenchmark.Trials(OptimizerBenchmark.duckDbSystem(1));
        one.failures().add(new OptimizerBenchmark.Failure("Out of Memory Error: failed to pin block", run(4.0)));
        OptimizerBenchmark.Trials two = trials(OptimizerBenchmark.duckDbSystem(2), 2.0);
        OptimizerBenchmark.Scenario speed = new OptimizerBenchmark.Scenario(dataset,
                List.of(new DiskFloor.Floor(0.2, 1000, 0.3, 1000)), List.of(run(0.3)), true, List.of(ours, one, two));
        ShapeReads.Decode before = new ShapeReads.Decode("before", 3);
        before.runs().add(run(1.5));
        before.querySeconds().add(0.4);
        ShapeReads.Decode after = new ShapeReads.Decode("after", 1);
        after.failures().add("Error: something");
        ShapeReads.Result reads = new ShapeReads.Result(read("local", 1.0, 0.5), read("S3 (s3proxy)", 1.0, 1.2), before,
                after, true);
        ShapeBenchmark.Result result = new ShapeBenchmark.Result(imu,
                List.of(new ShapeBenchmark.Row(Variant.DISJOINT, DatasetSummary.of(dataset), dataset.ingest(), speed,
                        reads),
                        // --speed false: reads only
                        new ShapeBenchmark.Row(Variant.OVERLAPPING, DatasetSummary.of(dataset), dataset.ingest(),
                                null, reads)), null);

        String markdown = ShapeBenchmark.markdown(result);

        assertThat(markdown).contains("| disjoint | 3 chunks").contains("failed: Out of Memory Error")
                .contains("disjoint 0.50× met") // against DuckDB 2 threads
                .contains("local 1.00 → 0.50 s met").contains("S3 1.00 → 1.20 s **not met**")
                .contains("0.40 s (process 1.50 s) → failed: Error: something")
                .contains("overlapping local 1.00 → 0.50 s met");
        List<String> rows = markdown.lines().filter(line -> line.startsWith("| ")).toList();
        assertThat(rows).allSatisfy(row -> assertThat(row.chars().filter(c -> c == '|').count())
                .as("cells of %s", row).isEqualTo(14));
        Map<?, ?> json = new ObjectMapper().readValue(new ObjectMapper().writeValueAsString(ShapeBenchmark.json(result)),
                Map.class);
        assertThat(json.get("shape")).isEqualTo("imu");
        assertThat((List<?>) json.get("variants")).hasSize(2);

        DatasetUpload.Figures ingest = dataset.ingest();
        assertThat(ingest.batches()).isEqualTo(3);
        assertThat(ingest.rows()).isEqualTo(30);
        assertThat(ingest.arrowBytes()).isPositive();
        assertThat(ingest.seconds()).isPositive();
        assertThat(ingest.warmUpBatches()).isPositive();
        String ingestTable = ShapeIngestTable.markdown(List.of(result));
        assertThat(ingestTable.lines().filter(line -> line.startsWith("| imu | "))).hasSize(2)
                .allSatisfy(row -> assertThat(row).startsWith("| imu | ").contains("| 3 | 30 | "));
        assertThat(((Map<?, ?>) ((List<?>) json.get("variants")).get(0)).get("ingest")).isNotNull();
    }

    private static ChildJvm.Measurement run(double seconds) {
        return new ChildJvm.Measurement(seconds, 100_000_000L, seconds, 0, "");
    }

    private static OptimizerBenchmark.Trials trials(String system, double seconds) {
        OptimizerBenchmark.Trials t = new OptimizerBenchmark.Trials(system);
        t.runs().add(run(seconds));
        t.outputBytes().add(1000L);
        t.outputFiles().add(1);
        return t;
    }

    private static ReadBenchmark.Result read(String store, double before, double after) {
        return new ReadBenchmark.Result(store, "SQLite", 3, 1000, 1, 900, 30, null, List.of(before), List.of(after),
                run(2.0), true, 0, 0);
    }
}
