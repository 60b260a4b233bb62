package io.mosaicod.db;

import java.time.Instant;
import java.util.List;

/**
 * The optimization queue at database time {@code now}: topics waiting for an instance ({@code waiting}),
 * topics under lease, and recent failed runs (newest first).
 */
public record QueueOverview(Instant now, int waiting, List<LeasedTopic> leased, List<OptimizationRun> recentFailures) {
}
