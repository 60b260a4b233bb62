package io.mosaicod.client;

/**
 * One Result of {@code topic_filter_clusterize} or {@code topic_filter_intersect}: cluster {@code id} (from 0, in
 * time order) spans {@code [startNs, endNs]}, both inclusive.
 */
public record TimeCluster(long id, long startNs, long endNs) {
}
