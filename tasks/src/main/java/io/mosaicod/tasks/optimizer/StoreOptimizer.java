package io.mosaicod.tasks.optimizer;

import io.mosaicod.core.Availability;
import io.mosaicod.db.FailingTopic;
import io.mosaicod.db.Lease;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.RepositoryException;
import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.TopicScope;
import io.mosaicod.tasks.StopSignal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Store Optimization Routine (DESIGN.md §6.1): one pass reclaims expired leases and queues every
 * complete, never-optimized topic, then leases queued topics one at a time and optimizes each, until the
 * queue has nothing left for this instance or a stop is requested. A topic that failed
 * {@link OptimizerSettings#maxAttempts()} times in a row is no longer queued: each pass names it, until an
 * operator asks to {@link #retryFailed() retry} it. An optimizer {@link #limitedTo limited} to some topics queues
 * and takes only those.
 */
public final class StoreOptimizer {
    /** How many given-up topics a pass names one by one. */
    private static final int SKIPPED_NAMED = 10;
    private static final Logger LOG = LoggerFactory.getLogger(StoreOptimizer.class);

    private final OptimizationQueue queue;
    private final TopicOptimizer topicOptimizer;
    private final OptimizerSettings settings;
    private final long instanceId;
    private final StopSignal stop;
    private final TopicScope scope;

    public StoreOptimizer(OptimizationQueue queue, TopicOptimizer topicOptimizer, OptimizerSettings settings,
                          long instanceId, StopSignal stop) {
        this(queue, topicOptimizer, settings, instanceId, stop, TopicScope.ALL);
    }

    private StoreOptimizer(OptimizationQueue queue, TopicOptimizer topicOptimizer, OptimizerSettings settings,
                           long instanceId, StopSignal stop, TopicScope scope) {
        this.queue = queue;
        this.topicOptimizer = topicOptimizer;
        this.settings = settings;
        this.instanceId = instanceId;
        this.stop = stop;
        this.scope = scope;
    }

    /** This optimizer, considering only the topics in {@code scope}: it queues, takes and retries no other. */
    public StoreOptimizer limitedTo(TopicScope scope) {
        return new StoreOptimizer(queue, topicOptimizer, settings, instanceId, stop, scope);
    }

    /**
     * Makes the topics that gave up after the maximum failed attempts eligible again (within the scope), for this
     * pass and the next ones; their history stays. Logs each one.
     *
     * @return the topics re-enabled, with the failures they had
     */
    public List<FailingTopic> retryFailed() {
        List<FailingTopic> retried = queue.retryGivenUp(scope, settings.maxAttempts());
        for (FailingTopic topic : retried) {
            LOG.atInfo().addKeyValue("topic", topic.topicLocator())
                    .addKeyValue("failed_attempts", topic.failedAttempts())
                    .addKeyValue("error", topic.lastFailure().error().orElse(""))
                    .log("Retrying topic {}, given up after {} failed attempts (last error: {})",
                            topic.topicLocator(), topic.failedAttempts(), topic.lastFailure().error().orElse(""));
        }
        if (retried.isEmpty()) {
            LOG.info("No topic to retry: none has failed {} times in a row", settings.maxAttempts());
        }
        return retried;
    }

    /** One pass; logs and returns its summary. */
    public PassSummary runPass() {
        // 1. reclaim expired leases, enqueue complete never-optimized topics
        int reclaimed = queue.reclaimExpiredLeases();
        int enqueued = queue.enqueueCompleteUnoptimizedTopics(scope, settings.maxAttempts());
        if (reclaimed > 0) {
            LOG.info("Reclaimed {} expired leases", reclaimed);
        }
        LOG.info("Store optimization routine started: {} topics newly queued", enqueued);
        List<FailingTopic> givenUp = queue.failingTopics(scope, settings.maxAttempts());
        logSkipped(givenUp);
        List<TopicResult> results = new ArrayList<>();
        // 2. acquire queued topics one at a time; 3-5. rewrite, commit or give back
        while (!stop.isRequested()) {
            Optional<Lease> lease = queue.acquire(instanceId, settings.leaseDuration(), scope);
            if (lease.isEmpty()) {
                break;
            }
            results.add(topicOptimizer.optimize(lease.get()));
        }
        // 6. log the outcome
        PassSummary summary = new PassSummary(results, reclaimed, enqueued, stop.isRequested(), givenUp);
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

    /**
     * Every pass names the topics it leaves alone, so that the operator learns what waits for them; beyond
     * {@value #SKIPPED_NAMED} it counts the rest in one line, so that a catalog with many given-up topics does not
     * write one line per topic every pass.
     */
    static void logSkipped(List<FailingTopic> givenUp) {
        givenUp.stream().limit(SKIPPED_NAMED).forEach(StoreOptimizer::logSkipped);
        int unnamed = givenUp.size() - SKIPPED_NAMED;
        if (unnamed > 0) {
            LOG.atWarn().addKeyValue("topics_given_up", givenUp.size())
                    .log("{} more {} skipped the same way (`mosaicod ps` lists them all)", unnamed,
                            unnamed == 1 ? "topic" : "topics");
        }
    }

    private static void logSkipped(FailingTopic topic) {
        LOG.atWarn().addKeyValue("topic", topic.topicLocator())
                .addKeyValue("failed_attempts", topic.failedAttempts())
                .addKeyValue("error", topic.lastFailure().error().orElse(""))
                .log("Topic {} skipped: failed {} times, not retried until `store-optimizer --retry-failed`"
                        + " (last error: {})", topic.topicLocator(), topic.failedAttempts(),
                        topic.lastFailure().error().orElse(""));
    }

    /**
     * A pass that failed topics warns; one whose attempts were only interrupted (a stop signal, or an unreachable
     * store or repository, which warned once for the whole outage) says so at INFO: a loop must not warn every
     * pass of an outage.
     */
    private static void log(PassSummary summary) {
        boolean faults = summary.failures().stream().anyMatch(StoreOptimizer::isFault);
        var event = faults ? LOG.atWarn() : LOG.atInfo();
        event.addKeyValue("topics_successful", summary.successful())
                .addKeyValue("topics_failed", summary.failures().size())
                .addKeyValue("topics_already_optimal", summary.alreadyOptimal())
                .addKeyValue("leases_reclaimed", summary.reclaimedLeases())
                .addKeyValue("topics_given_up", summary.givenUp().size())
                .addKeyValue("stopped", summary.stopped())
                .log(summary.headline());
        for (TopicResult failure : summary.failures()) {
            (isFault(failure) ? LOG.atWarn() : LOG.atInfo()).addKeyValue("topic", failure.topicLocator())
                    .addKeyValue("outcome", failure.outcome().name())
                    .addKeyValue("error", failure.error().orElse(""))
                    .log("Topic {} not optimized ({}): {}", failure.topicLocator(),
                            failure.outcome().name().toLowerCase(java.util.Locale.ROOT), failure.error().orElse(""));
        }
    }

    private static boolean isFault(TopicResult failure) {
        return failure.outcome() != RunOutcome.INTERRUPTED;
    }
}
