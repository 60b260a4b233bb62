package io.mosaicod.tasks.optimizer;

import io.mosaicod.core.Availability;
import io.mosaicod.core.CountText;
import io.mosaicod.core.FailureText;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Lease;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.RunReport;
import io.mosaicod.db.RunVolume;
import io.mosaicod.db.Topic;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.read.ChunkCatalogEntry;
import io.mosaicod.tasks.LeaseRenewal;
import io.mosaicod.tasks.StopSignal;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.arrow.memory.BufferAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Optimizes one leased topic (DESIGN.md §6.1 steps 3–5): plan, rewrite into the lease's fresh folder while
 * renewing the lease, verify, then commit fenced by the lease token — or, on any failure, give the topic
 * back and record the attempt. The topic's current folder is only ever read.
 */
public final class TopicOptimizer {
    private static final Logger LOG = LoggerFactory.getLogger(TopicOptimizer.class);
    static final String TIMESTAMP_COLUMN = "timestamp_ns";

    private final Catalog catalog;
    private final OptimizationQueue queue;
    private final TopicPlanner planner;
    private final TopicRewriter rewriter;
    private final OutputVerifier verifier;
    private final OptimizerSettings settings;
    private final ScheduledExecutorService renewals;
    private final StopSignal stop;
    private volatile ProgressListener progress = ProgressListener.NONE;
    private volatile OptimizerMetrics metrics = OptimizerMetrics.NONE;

    /**
     * The steps' parts: {@code planner} decides from the catalog (step 3's plan), {@code rewriter} writes the fresh
     * folder, {@code verifier} checks it against the input, and {@code queue} commits it fenced by the lease (or
     * takes the topic back). Leases are renewed on {@code renewals}; {@code stop} abandons a rewrite between
     * batches.
     */
    public TopicOptimizer(Catalog catalog, OptimizationQueue queue, TopicPlanner planner, TopicRewriter rewriter,
                          OutputVerifier verifier, OptimizerSettings settings, ScheduledExecutorService renewals,
                          StopSignal stop) {
        this.catalog = catalog;
        this.queue = queue;
        this.planner = planner;
        this.rewriter = rewriter;
        this.verifier = verifier;
        this.settings = settings;
        this.renewals = renewals;
        this.stop = stop;
    }

    /** The optimizer every command runs: the parts over one store, with the default tuning. */
    public static TopicOptimizer assemble(Catalog catalog, OptimizationQueue queue, ObjectStore store,
                                          BufferAllocator allocator, OptimizerSettings settings,
                                          ScheduledExecutorService renewals, StopSignal stop) {
        RewriteTuning tuning = RewriteTuning.DEFAULT;
        return new TopicOptimizer(catalog, queue, TopicPlanner.of(catalog, settings),
                new TopicRewriter(store, allocator, settings, tuning), new OutputVerifier(store), settings, renewals,
                stop);
    }

    /** Receives the progress of every rewrite from now on. */
    public void onProgress(ProgressListener listener) {
        this.progress = listener;
    }

    /** Reports every attempt, and every lease lost, to {@code metrics} from now on. */
    public void reportTo(OptimizerMetrics metrics) {
        this.metrics = metrics;
    }

    public TopicResult optimize(Lease lease) {
        TopicResult result = attempt(lease);
        metrics.topicAttempted(result);
        return result;
    }

    private TopicResult attempt(Lease lease) {
        long started = System.nanoTime();
        Topic topic = lease.topic();
        RunVolume in = RunVolume.NONE;
        int spillPasses = 0;
        try (LeaseRenewal renewal = new LeaseRenewal("the lease on " + topic.locator(),
                () -> queue.renew(lease, settings.leaseDuration()), settings.leaseDuration(), renewals,
                metrics::leaseLost)) {
            TopicPlanner.Planned planned = planner.plan(topic);
            List<Chunk> chunks = planned.chunks();
            in = planned.volume();
            RewritePlan plan = planned.plan();
            if (plan instanceof RewritePlan.AlreadyOptimal optimal) {
                LOG.info("Topic {} is already optimal ({}): marking it optimized without a rewrite",
                        topic.locator(), optimal.reason());
                renewal.stopRenewing();
                if (!queue.markAlreadyOptimal(lease, RunReport.alreadyOptimal(in))) {
                    return unpublished(lease, RunOutcome.LEASE_LOST, "the lease was lost before the commit", in, 0,
                            started);
                }
                return new TopicResult(topic.locator(), RunOutcome.ALREADY_OPTIMAL, Optional.empty(), in, in, 0,
                        since(started));
            }
            RewritePlan.Rewrite rewrite = (RewritePlan.Rewrite) plan;
            spillPasses = rewrite.spillPasses();
            LOG.info("Optimizing topic {}: {}, {}, {} into {}{}", topic.locator(), CountText.of(in.chunks(), "chunk"),
                    CountText.of(in.bytes(), "byte"), CountText.of(in.rows(), "row"), lease.freshFolder(),
                    spillPasses > 0 ? " (" + CountText.of(spillPasses, "spill pass", "spill passes")
                            + " to fit the memory pool)" : "");
            Runnable safePoint = () -> {
                renewal.lost().ifPresent(reason -> {
                    throw new LeaseLostException(topic.locator(), reason);
                });
                stop.check();
            };
            RunVolume input = in;
            TopicRewriter.Result out = rewriter.rewrite(topic, lease.freshFolder(), rewrite, recorded(chunks),
                    safePoint, rows -> progress.rewriting(topic.locator(), rows, input));
            LOG.debug("topic {}: {} of {} chunks read without fetching ahead, peak Arrow memory {} bytes",
                    topic.locator(), out.unprefetchedReads(), in.chunks(), out.peakArrowBytes());
            verifier.verify(topic.locator(), in, out);
            safePoint.run();
            renewal.stopRenewing();
            if (!queue.commitOptimization(lease, out.chunks(), RunReport.succeeded(in, out.volume()))) {
                return unpublished(lease, RunOutcome.LEASE_LOST, "the lease was lost before the commit", in,
                        spillPasses, started);
            }
            TopicResult result = new TopicResult(topic.locator(), RunOutcome.SUCCEEDED, Optional.empty(), in,
                    out.volume(), spillPasses, since(started));
            LOG.info("Optimized topic {}: {} -> {} in {} ms", topic.locator(), CountText.of(in.chunks(), "chunk"),
                    CountText.of(out.volume().chunks(), "chunk"), result.elapsed().toMillis());
            return result;
        } catch (StopSignal.StopRequestedException e) {
            return unpublished(lease, RunOutcome.INTERRUPTED, "stopped by a shutdown signal", in, spillPasses, started);
        } catch (LeaseLostException e) {
            return unpublished(lease, RunOutcome.LEASE_LOST, e.getMessage(), in, spillPasses, started);
        } catch (Exception e) {
            LOG.debug("optimizing topic {} failed", topic.locator(), e);
            // an unreachable store or repository is no fault of the topic: it must not count toward giving it up;
            // nor is a failure after the lease was lost (its fresh folder may have been cleaned up meanwhile)
            RunOutcome outcome = Availability.outageBehind(e).isPresent() ? RunOutcome.INTERRUPTED
                    : stillHeld(lease) ? RunOutcome.FAILED : RunOutcome.LEASE_LOST;
            return unpublished(lease, outcome, FailureText.of(e), in, spillPasses, started);
        }
    }

    /** Whether {@code lease} is still this instance's, as a renewal finds; taken as held if that cannot be told. */
    private boolean stillHeld(Lease lease) {
        try {
            return queue.renew(lease, settings.leaseDuration());
        } catch (RuntimeException e) {
            return true;
        }
    }

    /** Gives the topic back and records the attempt; the fresh folder's leftovers are the cleanup's. */
    private TopicResult unpublished(Lease lease, RunOutcome outcome, String error, RunVolume in, int spillPasses,
                                    long started) {
        try {
            queue.recordUnpublishedRun(lease, RunReport.failed(outcome, error, in));
        } catch (RuntimeException e) {
            // the lease expires on its own and another pass reclaims it; an outage warned once already
            (Availability.outageBehind(e).isPresent() ? LOG.atInfo() : LOG.atWarn()).log(
                    "could not record the {} run of topic {}: {}", outcome, lease.topic().locator(), e.getMessage());
        }
        return new TopicResult(lease.topic().locator(), outcome, Optional.of(error), in, RunVolume.NONE, spillPasses,
                since(started));
    }

    /** The repository's record of a chunk, by its ordinal, as the codec's summary. */
    private TopicRewriter.RecordedChunks recorded(List<Chunk> chunks) {
        Map<Integer, Chunk> byOrdinal = new HashMap<>();
        chunks.forEach(c -> byOrdinal.put(c.ordinal(), c));
        return span -> {
            Chunk chunk = byOrdinal.get(span.ordinal());
            return ChunkCatalogEntry.summaryOf(chunk, catalog.columnStats(chunk.id()));
        };
    }

    private static Duration since(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }

}
