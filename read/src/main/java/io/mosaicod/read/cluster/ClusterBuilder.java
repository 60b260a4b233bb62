package io.mosaicod.read.cluster;

/**
 * Groups the times of matching rows, fed in time order, into clusters: consecutive matches at most {@code dt}
 * nanoseconds apart belong to one cluster, a larger gap starts the next one. A {@code dt} of 0 gathers every
 * match into one cluster from the first to the last. Each cluster goes to the sink as soon as the next match
 * shows that it has ended, so a topic of any length is clustered in constant memory.
 */
public final class ClusterBuilder {
    private final long dt;
    private final ClusterSink sink;
    private boolean open;
    /** Whether any match came: the order check spans clusters closed early by {@link #noMatchBefore}. */
    private boolean seen;
    private long start;
    private long last;

    /** {@code dt}: the largest gap inside a cluster, 0 for one cluster of all matches. */
    public ClusterBuilder(long dt, ClusterSink sink) {
        if (dt < 0) {
            throw new IllegalArgumentException("clustering dt must not be negative: " + dt);
        }
        this.dt = dt;
        this.sink = sink;
    }

    /** The next matching row's time; times must not decrease. */
    public void accept(long timestampNs) {
        if (seen && timestampNs < last) {
            throw new IllegalStateException("match at " + timestampNs + " after one at " + last);
        }
        if (!open) {
            open = true;
            seen = true;
            start = timestampNs;
        } else if (dt != 0 && gapExceeds(last, timestampNs)) {
            sink.accept(new Cluster(start, last));
            start = timestampNs;
        }
        last = timestampNs;
    }

    /** {@code sorted[from, to)}, ascending. */
    public void accept(long[] sorted, int from, int to) {
        for (int i = from; i < to; i++) {
            accept(sorted[i]);
        }
    }

    /**
     * No match comes before {@code timestampNs}: the open cluster is emitted now if the next match could only
     * start another one, rather than when that match comes.
     */
    public void noMatchBefore(long timestampNs) {
        if (open && dt != 0 && timestampNs > last && gapExceeds(last, timestampNs)) {
            sink.accept(new Cluster(start, last));
            open = false;
        }
    }

    /** Emits the last cluster, if any match came. */
    public void finish() {
        if (open) {
            sink.accept(new Cluster(start, last));
            open = false;
        }
    }

    /** {@code later - earlier > dt}, without overflow for times far apart. */
    private boolean gapExceeds(long earlier, long later) {
        long gap = later - earlier;
        return gap < 0 || gap > dt; // a negative difference is an overflow: the gap exceeds any dt
    }
}
