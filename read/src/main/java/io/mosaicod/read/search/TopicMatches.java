package io.mosaicod.read.search;

import io.mosaicod.read.cluster.Cluster;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * What a judgement of candidate topics found, by candidate position: which have a row satisfying their
 * conditions and, when asked for, the span of those rows' times, from the first to the last (the one cluster
 * a {@code clustering_dt_ns} of 0 gives); empty for a candidate none of whose matching rows has a time. Without
 * spans asked for, {@code spans} is empty.
 */
public record TopicMatches(BitSet matching, List<Optional<Cluster>> spans) {
    public TopicMatches {
        matching = (BitSet) matching.clone();
        spans = List.copyOf(spans);
    }
}
