package io.mosaicod.read.search;

import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import io.mosaicod.db.Topic;
import io.mosaicod.read.cluster.Cluster;
import io.mosaicod.read.cluster.ClusterBuilder;
import io.mosaicod.read.cluster.ClusterStream;
import io.mosaicod.read.cluster.MatchTimes;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;

/**
 * A topic's clusters of matching rows as a stream an intersection pulls from: a chunk is read only when the
 * clusters found so far are used up, so the intersection of long topics holds a chunk's worth of clusters each.
 * Close it when done, so that a stream left before its end stops reading ahead.
 */
public final class TopicClusters implements ClusterStream, AutoCloseable {
    private final ArrayDeque<Cluster> found = new ArrayDeque<>();
    private final TopicSearch.MatchWalk walk;
    private boolean walked;

    public TopicClusters(TopicSearch search, Topic topic, List<OntologyCondition> conditions, long startNs,
                         long endNs, long dt) {
        this.walk = search.walk(topic, conditions, startNs, endNs, new MatchTimes(new ClusterBuilder(dt, found::add)));
    }

    @Override
    public Cluster next() throws IOException {
        while (found.isEmpty() && !walked) {
            walked = !walk.next();
        }
        return found.poll();
    }

    @Override
    public void close() {
        walk.close();
    }
}
