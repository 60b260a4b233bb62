package io.mosaicod.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scale-out scenario end to end on a tiny dataset: two real store-optimizer processes share one SQLite
 * queue, and the harness's reading of the run history (what the report's exactly-once column rests on)
 * sees every topic optimized once.
 */
class ScaleOutBenchmarkTest {
    @TempDir
    Path work;

    @Test
    void twoInstancesOptimizeEveryTopicExactlyOnceAndTheReportSaysSo() throws Exception {
        BenchDataset dataset = BenchDataset.prepare(work, new BenchDataset.Spec("tiny", 3, 10, 0.3, 7, 4));

        ScaleOutBenchmark.Result result = ScaleOutBenchmark.run(dataset, work, 1, 2);

        ScaleOutBenchmark.History history = result.trials().get(0).history();
        assertEquals(4, history.topics());
        assertEquals(4, history.exactlyOnce());
        assertEquals(0, history.extraAttempts());
        assertEquals(4, history.perInstance().values().stream().mapToInt(Integer::intValue).sum());
        assertTrue(ScaleOutBenchmark.markdown(result).contains("| 2 | "), ScaleOutBenchmark.markdown(result));
        assertTrue(Files.exists(work.resolve("tiny").resolve("mosaico.db")));
    }
}
