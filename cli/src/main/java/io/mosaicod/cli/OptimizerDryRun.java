package io.mosaicod.cli;

import io.mosaicod.core.CountText;
import io.mosaicod.db.FailingTopic;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RunVolume;
import io.mosaicod.db.Topic;
import io.mosaicod.db.TopicScope;
import io.mosaicod.tasks.optimizer.OptimizerSettings;
import io.mosaicod.tasks.optimizer.RewritePlan;
import io.mosaicod.tasks.optimizer.TopicPlanner;
import java.io.PrintWriter;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code store-optimizer --dry-run}: the plan a pass would follow for each topic it would take — rewrite (what it
 * merges, copies, spills) or mark as already optimal — and the topics it would skip, read from the repository
 * alone: nothing is leased, written or recorded.
 */
final class OptimizerDryRun {
    private OptimizerDryRun() {
    }

    static void print(Repository repository, OptimizerSettings settings, TopicScope scope, PrintWriter out) {
        TopicPlanner planner = TopicPlanner.of(repository.catalog(), settings);
        Map<Long, FailingTopic> givenUp = repository.optimizationQueue()
                .failingTopics(scope, settings.maxAttempts()).stream()
                .collect(Collectors.toMap(FailingTopic::topicId, Function.identity()));
        out.printf("Dry run: nothing is leased, written or recorded. Max chunk size %d bytes, memory pool %s.%n",
                settings.maxChunkSizeBytes(), settings.memoryPoolBytes() == 0 ? "unlimited"
                        : settings.memoryPoolBytes() + " bytes");
        int planned = 0;
        for (Topic topic : repository.catalog().listTopics()) {
            if (!scope.includes(topic.id()) || topic.isOptimized() || !topic.isUploadComplete()) {
                continue;
            }
            planned++;
            FailingTopic failing = givenUp.get(topic.id());
            if (failing != null) {
                out.printf("%-15s %s: failed %d times; not retried until --retry-failed (%s)%n", "given up",
                        topic.locator(), failing.failedAttempts(),
                        failing.lastFailure().error().orElse("no error recorded"));
                continue;
            }
            TopicPlanner.Planned plan = planner.plan(topic);
            out.printf("%-15s %s: %s%n", plan.plan() instanceof RewritePlan.AlreadyOptimal ? "already optimal"
                    : "rewrite", topic.locator(), describe(plan.volume(), plan.plan()));
        }
        out.printf("%s a pass would take.%n", CountText.of(planned, "topic"));
    }

    private static String describe(RunVolume in, RewritePlan plan) {
        String input = CountText.of(in.chunks(), "chunk") + ", " + TopicListing.bytes(in.bytes()) + ", "
                + CountText.of(in.rows(), "row");
        if (plan instanceof RewritePlan.AlreadyOptimal optimal) {
            return input + " (" + optimal.reason() + ")";
        }
        RewritePlan.Rewrite rewrite = (RewritePlan.Rewrite) plan;
        long merges = rewrite.pieces().stream().filter(RewritePlan.Merge.class::isInstance).count();
        long copies = rewrite.pieces().size() - merges;
        return input + " -> " + merges + " merged and " + copies + " copied pieces"
                + (rewrite.spillPasses() > 0 ? ", spilling in " + rewrite.spillPasses() + " passes" : "")
                + ", about " + TopicListing.bytes(rewrite.estimatedPeakBytes()) + " decoded at once";
    }
}
