package io.mosaicod.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sizes chart renders headless, including a size where DuckDB failed (left out of its series). */
class SizesChartTest {
    @TempDir
    Path dir;

    @Test
    void writesAPngWithAFailedDuckDbRunLeftOut() throws Exception {
        List<SizesBenchmark.Size> sizes = List.of(size(50, 2.9, 1.4, false), size(100, 4.6, 2.8, true));
        Path png = dir.resolve("sizes.png");

        SizesChart.write(sizes, png);

        byte[] header = Arrays.copyOf(Files.readAllBytes(png), 4);
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, header);
        assertTrue(SizesBenchmark.markdown(sizes, png).contains("failed: Out of Memory Error"));
    }

    private static SizesBenchmark.Size size(int chunks, double ours, double duck, boolean duckFailed) {
        OptimizerBenchmark.Trials optimizer = new OptimizerBenchmark.Trials("mosaicod store-optimizer");
        optimizer.runs().add(new ChildJvm.Measurement(ours, 300_000_000L, ours, 0, ""));
        OptimizerBenchmark.Trials duckdb = new OptimizerBenchmark.Trials(OptimizerBenchmark.duckDbSystem(1));
        ChildJvm.Measurement duckRun = new ChildJvm.Measurement(duck, 600_000_000L, duck, duckFailed ? 1 : 0, "");
        if (duckFailed) {
            duckdb.failures().add(new OptimizerBenchmark.Failure("Out of Memory Error: failed to allocate", duckRun));
        } else {
            duckdb.runs().add(duckRun);
        }
        BenchDataset.Spec spec = BenchDataset.overlapping(chunks);
        return new SizesBenchmark.Size(new DatasetSummary(spec, chunks, chunks * 535_000L, chunks * 200L),
                optimizer, duckdb);
    }
}
