package io.mosaicod.db;

import java.util.Optional;

/**
 * Which topics a listing summarizes: those of one sequence or all, those showing one state or all, at most
 * {@code limit} of them, by locator. {@code maxAttempts} is the optimizer's limit of failed attempts that makes a
 * topic given up ({@link OptimizationQueue#NO_ATTEMPT_LIMIT}: never).
 */
public record TopicSelection(Optional<String> sequenceLocator, Optional<TopicState> state, long limit,
                             int maxAttempts) {

    public TopicSelection {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, got " + limit);
        }
    }

    /** Every topic. */
    public static TopicSelection all(int maxAttempts) {
        return new TopicSelection(Optional.empty(), Optional.empty(), Long.MAX_VALUE, maxAttempts);
    }
}
