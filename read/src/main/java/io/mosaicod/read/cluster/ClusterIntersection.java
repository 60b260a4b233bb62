package io.mosaicod.read.cluster;

import java.io.IOException;
import java.util.List;

/**
 * The times at which several topics match together (action {@code topic_filter_intersect}): a walk over each
 * topic's clusters that always moves on the topic whose current cluster ends first. Wherever the current
 * clusters overlap, their common part is emitted; where they only come within {@code dt} of each other, the
 * gap between them widened by half of {@code dt} on each side. The walk ends with the first topic that has
 * no cluster left, so a topic without any match makes the whole result empty (upstream instead leaves such a
 * topic out and intersects the others; SEARCH.md §3).
 */
public final class ClusterIntersection {
    private ClusterIntersection() {
    }

    /** Walks {@code topics} (at least two), sending each interval found to {@code sink}, in time order. */
    public static void walk(List<ClusterStream> topics, long dt, ClusterSink sink) throws IOException {
        if (topics.size() < 2) {
            throw new IllegalArgumentException("an intersection needs at least two topics, got " + topics.size());
        }
        if (dt < 0) {
            throw new IllegalArgumentException("intersect dt must not be negative: " + dt);
        }
        Cluster[] current = new Cluster[topics.size()];
        for (int i = 0; i < current.length; i++) {
            current[i] = topics.get(i).next();
            if (current[i] == null) {
                return;
            }
        }
        while (true) {
            long latestStart = Long.MIN_VALUE;
            long earliestEnd = Long.MAX_VALUE;
            int endingFirst = 0;
            for (int i = 0; i < current.length; i++) {
                latestStart = Math.max(latestStart, current[i].startNs());
                if (current[i].endNs() < earliestEnd) {
                    earliestEnd = current[i].endNs();
                    endingFirst = i;
                }
            }
            if (latestStart <= earliestEnd) {
                sink.accept(new Cluster(latestStart, earliestEnd));
            } else if (withinDt(earliestEnd, latestStart, dt)) {
                sink.accept(new Cluster(saturatingSubtract(latestStart, dt / 2),
                        saturatingAdd(earliestEnd, dt - dt / 2)));
            }
            current[endingFirst] = topics.get(endingFirst).next();
            if (current[endingFirst] == null) {
                return;
            }
        }
    }

    /** {@code later - earlier <= dt} for {@code earlier < later}, without overflow. */
    private static boolean withinDt(long earlier, long later, long dt) {
        long gap = later - earlier;
        return gap >= 0 && gap <= dt; // a negative difference is an overflow: farther apart than any dt
    }

    private static long saturatingSubtract(long value, long amount) {
        long result = value - amount;
        return ((value ^ amount) & (value ^ result)) < 0 ? Long.MIN_VALUE : result;
    }

    private static long saturatingAdd(long value, long amount) {
        long result = value + amount;
        return ((value ^ result) & (amount ^ result)) < 0 ? Long.MAX_VALUE : result;
    }
}
