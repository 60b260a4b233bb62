package io.mosaicod.server.protocol;

/** The first and last {@code timestamp_ns} of some rows, both inclusive ({@code {"start_ns","end_ns"}}). */
public record Interval(long startNs, long endNs) {
    public Interval {
        if (startNs > endNs) {
            throw new IllegalArgumentException("interval start " + startNs + " is after its end " + endNs);
        }
    }
}
