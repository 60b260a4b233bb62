package io.mosaicod.server.protocol;

/**
 * A half-open {@code timestamp_ns} range {@code [start, end)}; a null bound is open. {@link #ALL} (both open)
 * means no range was requested.
 */
public record TimeRange(Long startNs, Long endNs) {
    public static final TimeRange ALL = new TimeRange(null, null);

    /** @throws ProtocolException INVALID_ARGUMENT if both bounds are set and {@code start >= end} */
    public TimeRange {
        if (startNs != null && endNs != null && startNs >= endNs) {
            throw ProtocolException.badRequest("timestamp range [" + startNs + ", " + endNs
                    + ") is empty (start must be lower than end)");
        }
    }

    /** Whether a client asked for a range (at least one bound). */
    public boolean isBounded() {
        return startNs != null || endNs != null;
    }

    /** The inclusive lower bound, {@link Long#MIN_VALUE} when open. */
    public long lowerNs() {
        return startNs == null ? Long.MIN_VALUE : startNs;
    }

    /** The exclusive upper bound, {@link Long#MAX_VALUE} when open (the repository reads it as open). */
    public long upperNs() {
        return endNs == null ? Long.MAX_VALUE : endNs;
    }

    /** Whether a non-null timestamp lies in the range. */
    public boolean contains(long timestampNs) {
        return (startNs == null || timestampNs >= startNs) && (endNs == null || timestampNs < endNs);
    }

    /** Whether any timestamp of {@code [minNs, maxNs]} (both inclusive) lies in the range. */
    public boolean overlaps(long minNs, long maxNs) {
        return (startNs == null || maxNs >= startNs) && (endNs == null || minNs < endNs);
    }

    @Override
    public String toString() {
        return "[" + (startNs == null ? "-inf" : startNs) + ", " + (endNs == null ? "+inf" : endNs) + ")";
    }
}
