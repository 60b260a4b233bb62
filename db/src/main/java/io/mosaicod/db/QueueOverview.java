package io.mosaicod.db;

import java.time.Instant;
import java.util.List;

/**
 * The optimization queue at database time {@code now}: topics waiting for an instance ({@code waiting}),
 * complete topics not optimized and not queued yet, which the next pass will queue ({@code unqueued}), topics
 * under lease, and recent failed runs (newest first).
 */
public record QueueOverview(Instant now, int waiting, int unqueued, List<LeasedTopic> leased,
                            List<OptimizationRun> recentFailures) {
}
