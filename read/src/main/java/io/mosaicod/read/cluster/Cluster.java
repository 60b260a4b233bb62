package io.mosaicod.read.cluster;

/**
 * A closed time interval {@code [startNs, endNs]} of a topic: a run of matching rows (clusterize), or a stretch of
 * time in which several topics' runs meet (intersect).
 */
public record Cluster(long startNs, long endNs) {
    public Cluster {
        if (startNs > endNs) {
            throw new IllegalArgumentException("a cluster cannot end (" + endNs + ") before it starts (" + startNs + ")");
        }
    }
}
