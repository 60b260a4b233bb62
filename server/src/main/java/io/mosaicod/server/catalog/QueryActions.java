package io.mosaicod.server.catalog;

import io.mosaicod.core.search.SearchFilter;
import io.mosaicod.db.CatalogSearch;
import io.mosaicod.db.SearchHit;
import io.mosaicod.server.protocol.ActionResponse;
import io.mosaicod.server.protocol.ProtocolException;
import java.util.ArrayList;
import java.util.List;

/** {@code query}: the topics whose sequence and own metadata match, grouped by sequence (SEARCH.md §1). */
final class QueryActions {
    private final CatalogSearch search;

    QueryActions(CatalogSearch search) {
        this.search = search;
    }

    ActionResponse query(SearchFilter filter) {
        if (!filter.ontology().isEmpty()) {
            // refused rather than ignored: ignoring it would answer topics whose data does not match
            throw ProtocolException.badRequest("ontology filters are not supported yet");
        }
        List<ActionResponse.QueryItem> items = new ArrayList<>();
        String sequence = null;
        List<ActionResponse.QueryTopic> topics = new ArrayList<>();
        for (SearchHit hit : search.find(filter.sequence(), filter.topic())) {
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

    /** Hits come ordered by sequence: a sequence's topics are consecutive. */
    private static void addItem(List<ActionResponse.QueryItem> items, String sequence,
                                List<ActionResponse.QueryTopic> topics) {
        if (sequence != null) {
            items.add(new ActionResponse.QueryItem(sequence, topics));
        }
    }
}
