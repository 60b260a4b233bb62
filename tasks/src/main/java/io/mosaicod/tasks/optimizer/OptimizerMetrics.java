package io.mosaicod.tasks.optimizer;

/**
 * What the store optimizer reports for its process's metrics endpoint (docs/metrics.md), without knowing how
 * they are published: once per topic attempt, and when a lease is lost.
 */
public interface OptimizerMetrics {
    OptimizerMetrics NONE = new OptimizerMetrics() {
        @Override
        public void topicAttempted(TopicResult result) {
        }

        @Override
        public void leaseLost() {
        }
    };

    /** An attempt at one leased topic ended, with {@code result} (what it read and wrote, how long it took). */
    void topicAttempted(TopicResult result);

    /** The lease on a topic was found lost while it was rewritten: taken over, or not renewable for its duration. */
    void leaseLost();
}
