package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoCommandTest {
    @TempDir
    Path dir;

    @Test
    void aSmallDemoShowsEveryTopicOptimizedWithItsRowsAndMetadataUnchanged() {
        Map<String, String> env = Map.of("MOSAICOD_DATA_DIR", dir.resolve("data").toString());
        MainRun run = MainRun.of(dir, env, "demo", "--sequences", "1", "--chunks", "15", "--rows", "40");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("Store optimization routine completed: 5 topics successful, 0 topics failed",
                // the optimizer's commits recorded the five old folders as retired: the cleanup's sweep adds none
                "Cleanup completed. 0 items marked as ready to be deleted. 5 items deleted. 0 items failed",
                "Every topic kept its rows, schema and metadata, and now reads in time order.");
        assertThat(run.out().lines().filter(l -> l.contains("15 -> 1") && l.contains("unchanged, sorted"))).hasSize(5);
        MainRun topics = MainRun.of(dir, env, "topic", "ls");
        assertThat(topics.out().lines().filter(l -> l.contains("optimized") && !l.contains("not optimized"))).hasSize(5);
    }
}
