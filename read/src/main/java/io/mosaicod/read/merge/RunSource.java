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

    /**
     * Whether the run's first row could sort before or at a row whose timestamp is {@code timestampNs}, or
     * null (nulls sort last). A run without timestamps holds only null rows, so it is due only once the merge
     * reaches the nulls.
     */
    boolean dueAt(boolean timestampIsNull, long timestampNs) {
        return timestampIsNull || (minTimestampNs != null && minTimestampNs <= timestampNs);
    }

    /**
     * The order in which the merge opens runs — by smallest timestamp, runs without timestamps last, ties in
     * input order — for anything that describes runs, so readers can fetch chunks ahead in that order.
     */
    public static <T> Comparator<T> openingOrder(Function<T, Long> minTimestampNs, ToLongFunction<T> inputOrder) {
        // strictly after every run with timestamps, even one starting at Long.MAX_VALUE: the merge relies on
        // a run without timestamps at the front of the queue meaning that no run behind it has any
        return Comparator.comparing(minTimestampNs, Comparator.nullsLast(Comparator.<Long>naturalOrder()))
                .thenComparingLong(inputOrder);
    }
}
