package io.mosaicod.server.catalog;

import io.mosaicod.core.ClientText;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import io.mosaicod.db.Topic;
import io.mosaicod.read.cluster.ClusterIntersection;
import io.mosaicod.read.cluster.ClusterSink;
import io.mosaicod.read.search.TopicClusters;
import io.mosaicod.read.search.TopicSearch;
import io.mosaicod.server.protocol.ActionRequest;
import io.mosaicod.server.protocol.ActionResponse;
import io.mosaicod.server.protocol.Interval;
import io.mosaicod.server.protocol.ProtocolException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code topic_filter_clusterize} and {@code topic_filter_intersect} (SEARCH.md §2-3): when, in time, a topic's
 * rows satisfy a filter, and when several topics' do together. Each cluster goes out as its own Result as soon
 * as it is found, so a client sees the first ones while later chunks are still being read.
 */
final class ClusterActions {
    private final CatalogLookup lookup;
    private final TopicSearch data;

    ClusterActions(CatalogLookup lookup, TopicSearch data) {
        this.lookup = lookup;
        this.data = data;
    }

    void clusterize(ActionRequest.Clusterize request, Consumer<ActionResponse> replies) {
        try (TopicClusters clusters = clustersOf(request)) {
            run(() -> {
                ClusterSink sink = numbered(replies);
                for (var cluster = clusters.next(); cluster != null; cluster = clusters.next()) {
                    sink.accept(cluster);
                }
            }, request.locator());
        }
    }

    void intersect(ActionRequest.Intersect request, Consumer<ActionResponse> replies) {
        List<TopicClusters> topics = new ArrayList<>();
        try {
            for (ActionRequest.Clusterize topic : request.topics()) {
                topics.add(clustersOf(topic));
            }
            run(() -> ClusterIntersection.walk(List.copyOf(topics), request.dtNs(), numbered(replies)),
                    request.topics().get(0).locator());
        } finally {
            topics.forEach(TopicClusters::close);
        }
    }

    /** The topic's clusters, once its filter is checked: every condition on the topic's own tag. */
    private TopicClusters clustersOf(ActionRequest.Clusterize request) {
        Topic topic = lookup.topic(request.locator());
        String tag = topic.ontologyTag().orElse(null);
        for (OntologyCondition c : request.ontology()) {
            if (!c.path().tag().equals(tag)) {
                throw ProtocolException.badRequest("the filter names ontology tag `" + ClientText.quote(c.path().tag())
                        + "` but topic `" + ClientText.quote(request.locator()) + "` has "
                        + (tag == null ? "none" : "`" + ClientText.quote(tag) + "`"));
            }
        }
        return new TopicClusters(data, topic, request.ontology(), request.range().lowerNs(), request.range().upperNs(),
                request.dtNs());
    }

    /** Sends each cluster as a Result numbered from 0. */
    private static ClusterSink numbered(Consumer<ActionResponse> replies) {
        long[] id = {0};
        return cluster -> replies.accept(new ActionResponse.ClusterReply(
                new Interval(cluster.startNs(), cluster.endNs()), id[0]++));
    }

    private interface ClusterWork {
        void run() throws IOException;
    }

    private static void run(ClusterWork work, String locator) {
        try {
            work.run();
        } catch (IOException | RuntimeException e) {
            throw SearchRefusals.of(e, "reading topic " + locator + " for clusters");
        }
    }
}
