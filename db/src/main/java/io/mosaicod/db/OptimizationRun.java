package io.mosaicod.db;

import java.time.Instant;
import java.util.Optional;

/** One recorded optimization attempt. */
public record OptimizationRun(long id, long topicId, String topicLocator, long instanceId, Instant startedAt,
                              Instant endedAt, RunOutcome outcome, Optional<String> error, RunVolume in,
                              RunVolume out) {
}
