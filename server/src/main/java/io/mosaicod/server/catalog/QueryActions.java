package io.mosaicod.server.catalog;

import io.mosaicod.core.search.SearchFilter;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import io.mosaicod.db.CatalogSearch;
import io.mosaicod.db.SearchHit;
import io.mosaicod.read.search.TopicSearch;
import io.mosaicod.server.protocol.ActionResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code query}: the topics whose sequence and own metadata match, grouped by sequence (SEARCH.md §1). The
 * sequence and topic blocks are answered in SQL; the ontology block, split by ontology tag, on the data of the
 * candidate topics of each tag. With an ontology block, a sequence is answered when it has a matching topic for
 * every tag the block names, with its matching topics of all of them.
 */
final class QueryActions {
    private final CatalogSearch search;
    private final TopicSearch data;

    QueryActions(CatalogSearch search, TopicSearch data) {
        this.search = search;
        this.data = data;
    }

    ActionResponse query(SearchFilter filter) {
        List<SearchHit> hits = search.find(filter.sequence(), filter.topic());
        if (!filter.ontology().isEmpty()) {
            hits = matchingData(hits, byTag(filter.ontology()));
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
            topics.add(new ActionResponse.QueryTopic(hit.locator(), hit.ontologyTag().orElse(null)));
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

    /** The hits whose data matches their tag's conditions, in sequences that have such a hit for every tag. */
    private List<SearchHit> matchingData(List<SearchHit> hits, Map<String, List<OntologyCondition>> byTag) {
        List<SearchHit> tagged = new ArrayList<>();
        List<TopicSearch.Candidate> candidates = new ArrayList<>();
        for (SearchHit hit : hits) {
            List<OntologyCondition> conditions = hit.ontologyTag().map(byTag::get).orElse(null);
            if (conditions != null) {
                tagged.add(hit);
                candidates.add(new TopicSearch.Candidate(hit.topicId(), conditions));
            }
        }
        BitSet matches = judge(candidates);
        List<SearchHit> matching = new ArrayList<>();
        Map<String, Set<String>> tagsMatchedBySequence = new LinkedHashMap<>();
        matches.stream().mapToObj(tagged::get).forEach(hit -> {
            matching.add(hit);
            tagsMatchedBySequence.computeIfAbsent(hit.sequence(), s -> new HashSet<>()).add(hit.ontologyTag().get());
        });
        matching.removeIf(hit -> tagsMatchedBySequence.get(hit.sequence()).size() < byTag.size());
        return matching;
    }

    private BitSet judge(List<TopicSearch.Candidate> candidates) {
        try {
            return data.matching(candidates);
        } catch (IOException | RuntimeException e) {
            throw SearchRefusals.of(e, "reading topics' data for a query");
        }
    }

    /** Hits come ordered by sequence: a sequence's topics are consecutive. */
    private static void addItem(List<ActionResponse.QueryItem> items, String sequence,
                                List<ActionResponse.QueryTopic> topics) {
        if (sequence != null) {
            items.add(new ActionResponse.QueryItem(sequence, topics));
        }
    }
}
