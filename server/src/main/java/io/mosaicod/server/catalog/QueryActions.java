package io.mosaicod.server.catalog;

import io.mosaicod.core.search.SearchFilter;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import io.mosaicod.db.CatalogSearch;
import io.mosaicod.db.SearchHit;
import io.mosaicod.read.cluster.Cluster;
import io.mosaicod.read.search.TopicMatches;
import io.mosaicod.read.search.TopicSearch;
import io.mosaicod.server.protocol.ActionResponse;
import io.mosaicod.server.protocol.Interval;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code query}: the topics whose sequence and own metadata match, grouped by sequence (SEARCH.md §1). The
 * sequence and topic blocks are answered in SQL, which also keeps only the topics whose column summaries let the
 * ontology block's conditions hold; the ontology block, split by ontology tag, is then judged on the data of those
 * candidates. With an ontology block, a sequence is answered when it has a matching topic for
 * every tag the block names, with its matching topics of all of them. The 0.5 dialect's
 * {@code include_timestamp_range} adds each topic's span of matching rows, all its rows without conditions.
 */
final class QueryActions {
    private final CatalogSearch search;
    private final TopicSearch data;

    QueryActions(CatalogSearch search, TopicSearch data) {
        this.search = search;
        this.data = data;
    }

    ActionResponse query(SearchFilter filter) {
        List<SearchHit> hits = search.find(filter.sequence(), filter.topic(), filter.ontology());
        Map<Long, Cluster> spans = Map.of();
        if (!filter.ontology().isEmpty()) {
            Map<String, List<OntologyCondition>> byTag = byTag(filter.ontology());
            List<SearchHit> tagged = hits.stream().filter(hit -> hit.ontologyTag().map(byTag::containsKey)
                    .orElse(false)).toList();
            TopicMatches found = judge(tagged, hit -> byTag.get(hit.ontologyTag().get()),
                    filter.includeTimestampRange());
            spans = spansByTopic(tagged, found);
            hits = matchingEveryTag(tagged, found.matching(), byTag.size());
        } else if (filter.includeTimestampRange()) {
            // no condition: every row matches, so the span is the topic's whole time range
            spans = spansByTopic(hits, judge(hits, hit -> List.of(), true));
        }
        List<ActionResponse.QueryItem> items = new ArrayList<>();
        String sequence = null;
        List<ActionResponse.QueryTopic> topics = new ArrayList<>();
        for (SearchHit hit : hits) {
            if (!hit.sequence().equals(sequence)) {
                addItem(items, sequence, topics);
                sequence = hit.sequence();
                topics = new ArrayList<>();
            }
            Cluster span = spans.get(hit.topicId());
            topics.add(new ActionResponse.QueryTopic(hit.locator(), hit.ontologyTag().orElse(null),
                    span == null ? null : new Interval(span.startNs(), span.endNs())));
        }
        addItem(items, sequence, topics);
        return new ActionResponse.QueryReply(items);
    }

    private static Map<String, List<OntologyCondition>> byTag(List<OntologyCondition> ontology) {
        Map<String, List<OntologyCondition>> byTag = new LinkedHashMap<>();
        for (OntologyCondition c : ontology) {
            byTag.computeIfAbsent(c.path().tag(), tag -> new ArrayList<>()).add(c);
        }
        return byTag;
    }

    /** The hits whose data matches, in sequences that have such a hit for each of the {@code tags}. */
    private static List<SearchHit> matchingEveryTag(List<SearchHit> tagged, BitSet matches, int tags) {
        List<SearchHit> matching = new ArrayList<>();
        Map<String, Set<String>> tagsMatchedBySequence = new LinkedHashMap<>();
        matches.stream().mapToObj(tagged::get).forEach(hit -> {
            matching.add(hit);
            tagsMatchedBySequence.computeIfAbsent(hit.sequence(), s -> new HashSet<>()).add(hit.ontologyTag().get());
        });
        matching.removeIf(hit -> tagsMatchedBySequence.get(hit.sequence()).size() < tags);
        return matching;
    }

    private TopicMatches judge(List<SearchHit> hits, Function<SearchHit, List<OntologyCondition>> conditions,
                               boolean spans) {
        List<TopicSearch.Candidate> candidates = hits.stream()
                .map(hit -> new TopicSearch.Candidate(hit.topicId(), conditions.apply(hit))).toList();
        try {
            return data.judge(candidates, spans);
        } catch (IOException | RuntimeException e) {
            throw SearchRefusals.of(e, "reading topics' data for a query");
        }
    }

    private static Map<Long, Cluster> spansByTopic(List<SearchHit> judged, TopicMatches found) {
        Map<Long, Cluster> spans = new HashMap<>();
        for (int i = 0; i < found.spans().size(); i++) {
            long topicId = judged.get(i).topicId();
            found.spans().get(i).ifPresent(span -> spans.put(topicId, span));
        }
        return spans;
    }

    /** Hits come ordered by sequence: a sequence's topics are consecutive. */
    private static void addItem(List<ActionResponse.QueryItem> items, String sequence,
                                List<ActionResponse.QueryTopic> topics) {
        if (sequence != null) {
            items.add(new ActionResponse.QueryItem(sequence, topics));
        }
    }
}
