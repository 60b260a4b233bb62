package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import io.mosaicod.db.FailingTopic;
import io.mosaicod.db.OptimizationRun;
import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.RunVolume;
import io.mosaicod.tasks.CapturedLogs;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A catalog of a year holds thousands of given-up topics: a pass names ten and counts the rest, in one line. */
@Tag("fast")
class SkippedTopicsLogTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 10, 11, 10_000})
    void aPassNamesTenGivenUpTopicsAndCountsTheRest(int givenUp) {
        List<FailingTopic> topics = IntStream.range(0, givenUp).mapToObj(SkippedTopicsLogTest::failing).toList();

        List<String> warnings;
        try (CapturedLogs logs = new CapturedLogs("io.mosaicod.tasks.optimizer")) {
            StoreOptimizer.logSkipped(topics);
            warnings = logs.messages(Level.WARN);
        }

        assertThat(warnings).hasSize(Math.min(givenUp, 10) + (givenUp > 10 ? 1 : 0));
        assertThat(warnings.get(0)).startsWith("Topic run/t0 skipped: failed 3 times").contains("bad chunk 0");
        if (givenUp > 10) {
            int more = givenUp - 10;
            assertThat(warnings.get(10)).isEqualTo(more + " more " + (more == 1 ? "topic" : "topics")
                    + " skipped the same way (`mosaicod ps` lists them all)");
        }
    }

    private static FailingTopic failing(int i) {
        Instant at = Instant.ofEpochSecond(1_700_000_000L + i);
        OptimizationRun run = new OptimizationRun(i, i, "run/t" + i, 1, at, at, RunOutcome.FAILED,
                Optional.of("bad chunk " + i), RunVolume.NONE, RunVolume.NONE);
        return new FailingTopic(i, "run/t" + i, 3, run);
    }
}
