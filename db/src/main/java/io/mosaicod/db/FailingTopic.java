package io.mosaicod.db;

/**
 * A topic not optimized yet whose last optimization attempts failed: {@code failedAttempts} FAILED runs since
 * the operator last cleared its failures ({@code store-optimizer --retry-failed}), the newest being
 * {@code lastFailure}. Interrupted runs and lost leases are not failures of the topic and do not count.
 */
public record FailingTopic(long topicId, String topicLocator, int failedAttempts, OptimizationRun lastFailure) {

    /** Whether the optimizer has stopped retrying it: it failed {@code maxAttempts} times or more. */
    public boolean hasGivenUp(int maxAttempts) {
        return failedAttempts >= maxAttempts;
    }
}
