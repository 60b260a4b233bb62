package io.mosaicod.db;

import io.mosaicod.core.search.MetadataFilter;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import java.util.List;

/** Finds topics by the catalog's metadata: the sequence and topic blocks of a {@code query} (SEARCH.md §1). */
public interface CatalogSearch {

    /**
     * The topics satisfying every condition of {@code topic} whose sequence satisfies every condition of
     * {@code sequence}, ordered by sequence and topic locator. Topics in every state are candidates (open
     * sessions, uploads in progress): the catalog knows their metadata from the moment they are created.
     */
    default List<SearchHit> find(MetadataFilter sequence, MetadataFilter topic) {
        return find(sequence, topic, List.of());
    }

    /**
     * The same, narrowed by {@code ontology}'s conditions when there are any: to the topics of the tags they name,
     * and of those, to the ones whose column statistics do not rule out every condition of their tag (a superset
     * of the topics with a matching row: their data still decides). Topics still uploading are kept.
     */
    List<SearchHit> find(MetadataFilter sequence, MetadataFilter topic, List<OntologyCondition> ontology);
}
