package io.mosaicod.db;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One recorded cleanup pass; {@code endedAt} is empty while it runs (or if its process died). {@code swept} says
 * whether it swept the whole store for orphans.
 */
public record CleanupRun(long id, long instanceId, Instant startedAt, Optional<Instant> endedAt, CleanupState state,
                         int marked, int deleted, int failed, List<String> errors, boolean swept) {
}
