package io.mosaicod.tasks.optimizer.merge;

import java.io.IOException;

/**
 * A run the merge has not opened yet. The merge opens runs lazily, in order of their smallest timestamp,
 * only when the output reaches that timestamp: for nearly time-ordered chunks only a few are open at once.
 *
 * @param inputOrder position of the run's rows in the input; rows with equal timestamps come out in this
 *                   order (then in their order within the run)
 * @param minTimestampNs smallest non-null {@code timestamp_ns} of the run, or {@code null} if it has none
 */
public record RunSource(long inputOrder, Long minTimestampNs, Opener opener) {

    /** Opens the run; called at most once. */
    @FunctionalInterface
    public interface Opener {
        SortedRun open() throws IOException;
    }

    /** Sort key for lazy opening: runs without timestamps open last. */
    long openingTimestamp() {
        return minTimestampNs == null ? Long.MAX_VALUE : minTimestampNs;
    }
}
