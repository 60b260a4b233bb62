package io.mosaicod.read.merge;

import java.io.IOException;
import java.util.Comparator;
import java.util.function.Function;
import java.util.function.ToLongFunction;

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

    /** Where the run starts on the merge's time line: runs without timestamps open last. */
    long openingTimestamp() {
        return openingTimestamp(minTimestampNs);
    }

    private static long openingTimestamp(Long minTimestampNs) {
        return minTimestampNs == null ? Long.MAX_VALUE : minTimestampNs;
    }

    /**
     * The order in which the merge opens runs — by smallest timestamp, runs without timestamps last, ties in
     * input order — for anything that describes runs, so readers can fetch chunks ahead in that order.
     */
    public static <T> Comparator<T> openingOrder(Function<T, Long> minTimestampNs, ToLongFunction<T> inputOrder) {
        return Comparator.<T>comparingLong(run -> openingTimestamp(minTimestampNs.apply(run)))
                .thenComparingLong(inputOrder);
    }
}
