package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.RunVolume;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class PassSummaryTest {

    @Test
    void aTopicThatFailedThenSucceededInThePassCountsAsSucceeded() {
        PassSummary summary = new PassSummary(List.of(result("run/imu", RunOutcome.LEASE_LOST),
                result("run/gps", RunOutcome.SUCCEEDED), result("run/imu", RunOutcome.SUCCEEDED),
                result("run/cam", RunOutcome.FAILED)), 0, 3, false, List.of());

        assertThat(summary.successful()).isEqualTo(2);
        assertThat(summary.failures()).extracting(TopicResult::topicLocator).containsExactly("run/cam");
        assertThat(summary.headline()).endsWith(": 2 topics successful, 1 topics failed");
        assertThat(summary.topics()).as("every attempt is kept").hasSize(4);
    }

    @Test
    void aTopicWhoseLastAttemptFailedCountsAsFailedOnce() {
        PassSummary summary = new PassSummary(List.of(result("run/imu", RunOutcome.ALREADY_OPTIMAL),
                result("run/imu", RunOutcome.FAILED)), 0, 1, false, List.of());

        assertThat(summary.successful()).isZero();
        assertThat(summary.alreadyOptimal()).isZero();
        assertThat(summary.failures()).hasSize(1);
    }

    private static TopicResult result(String topic, RunOutcome outcome) {
        return new TopicResult(topic, outcome, Optional.empty(), RunVolume.NONE, RunVolume.NONE, 0, Duration.ZERO);
    }
}
