package io.mosaicod.db;

import java.time.Instant;
import java.util.List;

/**
 * The optimization queue at database time {@code now}: topics waiting for an instance ({@code waiting}),
 * complete topics not optimized and not queued yet, which the next pass will queue ({@code unqueued}), topics
 * under lease, recent failed runs (newest first), and topics the optimizer gave up on after {@code maxAttempts}
 * failed attempts (by locator), which no pass queues until an operator retries them.
 */
public record QueueOverview(Instant now, int waiting, int unqueued, List<LeasedTopic> leased,
                            List<OptimizationRun> recentFailures, int maxAttempts, List<FailingTopic> givenUp) {
}
