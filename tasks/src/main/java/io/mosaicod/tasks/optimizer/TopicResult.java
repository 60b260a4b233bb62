package io.mosaicod.tasks.optimizer;

import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.RunVolume;
import java.time.Duration;
import java.util.Optional;

/** How optimizing one topic ended, for the pass summary and the logs. */
public record TopicResult(String topicLocator, RunOutcome outcome, Optional<String> error, RunVolume in,
                          RunVolume out, int spillPasses, Duration elapsed) {

    /** The topic is optimized now (rewritten, or found already optimal). */
    public boolean succeeded() {
        return outcome == RunOutcome.SUCCEEDED || outcome == RunOutcome.ALREADY_OPTIMAL;
    }
}
