package io.mosaicod.cli.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.RunOutcome;
import io.mosaicod.tasks.optimizer.OptimizerMetrics;
import io.mosaicod.tasks.optimizer.TopicResult;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * The store optimizer's meters: topic attempts by outcome, what rewrites read and wrote and how long they took,
 * leases lost, and the depth of the (shared) optimization queue, read from the repository at each scrape.
 */
final class MeteredOptimizer implements OptimizerMetrics {
    private static final Duration[] REWRITE_BUCKETS = {
        Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofMinutes(2),
        Duration.ofMinutes(10), Duration.ofMinutes(30), Duration.ofHours(2)};

    private final Map<RunOutcome, Counter> topics = new EnumMap<>(RunOutcome.class);
    private final Map<RunOutcome, Timer> durations = new EnumMap<>(RunOutcome.class);
    private final Counter bytesRead;
    private final Counter bytesWritten;
    private final Counter leasesLost;

    MeteredOptimizer(MeterRegistry registry, OptimizationQueue queue) {
        for (RunOutcome outcome : RunOutcome.values()) {
            String label = outcome.name().toLowerCase(Locale.ROOT);
            topics.put(outcome, Counter.builder("mosaicod.optimizer.topics").tag("outcome", label)
                    .description("Topic attempts ended, by outcome; succeeded and already_optimal leave it optimized")
                    .register(registry));
            durations.put(outcome, Timer.builder("mosaicod.optimizer.rewrite").tag("outcome", label)
                    .description("How long each topic attempt took, from its lease to its commit or give-back")
                    .serviceLevelObjectives(REWRITE_BUCKETS).register(registry));
        }
        bytesRead = Counter.builder("mosaicod.optimizer.read").baseUnit(BaseUnits.BYTES)
                .description("Bytes of the chunks that rewrites replaced").register(registry);
        bytesWritten = Counter.builder("mosaicod.optimizer.written").baseUnit(BaseUnits.BYTES)
                .description("Bytes of the chunks that rewrites wrote").register(registry);
        leasesLost = LeaseMeters.lost(registry, "topic");
        Gauge.builder("mosaicod.optimizer.queue.depth", queue, q -> q.overview(Duration.ZERO).waiting())
                .description("Topics waiting in the optimization queue for an optimizer (all instances')")
                .register(registry);
    }

    @Override
    public void topicAttempted(TopicResult result) {
        topics.get(result.outcome()).increment();
        durations.get(result.outcome()).record(result.elapsed());
        if (result.outcome() == RunOutcome.SUCCEEDED) {
            // a topic found already optimal is neither read nor written; a failed one published nothing
            bytesRead.increment(result.in().bytes());
            bytesWritten.increment(result.out().bytes());
        }
    }

    @Override
    public void leaseLost() {
        leasesLost.increment();
    }
}
