package io.mosaicod.tasks.optimizer;

import io.mosaicod.core.Availability;
import io.mosaicod.db.Lease;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.RepositoryException;
import io.mosaicod.tasks.StopSignal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Store Optimization Routine (DESIGN.md §6.1): one pass reclaims expired leases and queues every
 * complete, never-optimized topic, then leases queued topics one at a time and optimizes each, until the
 * queue has nothing left for this instance or a stop is requested.
 */
public final class StoreOptimizer {
    private static final Logger LOG = LoggerFactory.getLogger(StoreOptimizer.class);

    private final OptimizationQueue queue;
    private final TopicOptimizer topicOptimizer;
    private final OptimizerSettings settings;
    private final long instanceId;
    private final StopSignal stop;

    public StoreOptimizer(OptimizationQueue queue, TopicOptimizer topicOptimizer, OptimizerSettings settings,
                          long instanceId, StopSignal stop) {
        this.queue = queue;
        this.topicOptimizer = topicOptimizer;
        this.settings = settings;
        this.instanceId = instanceId;
        this.stop = stop;
    }

    /** One pass; logs and returns its summary. */
    public PassSummary runPass() {
        // 1. reclaim expired leases, enqueue complete never-optimized topics
        int reclaimed = queue.reclaimExpiredLeases();
        int enqueued = queue.enqueueCompleteUnoptimizedTopics();
        if (reclaimed > 0) {
            LOG.info("Reclaimed {} expired leases", reclaimed);
        }
        LOG.info("Store optimization routine started: {} topics newly queued", enqueued);
        List<TopicResult> results = new ArrayList<>();
        // 2. acquire queued topics one at a time; 3-5. rewrite, commit or give back
        while (!stop.isRequested()) {
            Optional<Lease> lease = queue.acquire(instanceId, settings.leaseDuration());
            if (lease.isEmpty()) {
                break;
            }
            results.add(topicOptimizer.optimize(lease.get()));
        }
        // 6. log the outcome
        PassSummary summary = new PassSummary(results, reclaimed, enqueued, stop.isRequested());
        log(summary);
        return summary;
    }

    /**
     * Passes until a stop is requested, sleeping {@code intervalSeconds} after each; a one-shot run is
     * {@link #runPass()} alone. A pass the repository fails (unreachable for longer than a connection wait)
     * is logged and the loop goes on: leases it held expire and are reclaimed by a later pass.
     */
    public void runEvery(long intervalSeconds) throws InterruptedException {
        while (!stop.isRequested()) {
            try {
                runPass();
            } catch (RepositoryException e) {
                // the repository may be back for the next pass; a daemon should not die of an outage
                (Availability.outageBehind(e).isPresent() ? LOG.atInfo() : LOG.atError())
                        .log("Store optimization pass not completed: {}", e.getMessage());
            }
            if (stop.sleep(intervalSeconds)) {
                break;
            }
        }
    }

    private static void log(PassSummary summary) {
        var event = summary.failures().isEmpty() ? LOG.atInfo() : LOG.atWarn();
        event.addKeyValue("topics_successful", summary.successful())
                .addKeyValue("topics_failed", summary.failures().size())
                .addKeyValue("topics_already_optimal", summary.alreadyOptimal())
                .addKeyValue("leases_reclaimed", summary.reclaimedLeases())
                .addKeyValue("stopped", summary.stopped())
                .log(summary.headline());
        for (TopicResult failure : summary.failures()) {
            LOG.atWarn().addKeyValue("topic", failure.topicLocator())
                    .addKeyValue("outcome", failure.outcome().name())
                    .addKeyValue("error", failure.error().orElse(""))
                    .log("Topic {} not optimized ({}): {}", failure.topicLocator(),
                            failure.outcome().name().toLowerCase(java.util.Locale.ROOT), failure.error().orElse(""));
        }
    }
}
