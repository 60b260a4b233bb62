package io.mosaicod.db;

import io.mosaicod.core.search.MetadataFilter;
import java.util.List;

/** Finds topics by the catalog's metadata: the sequence and topic blocks of a {@code query} (SEARCH.md §1). */
public interface CatalogSearch {

    /**
     * The topics satisfying every condition of {@code topic} whose sequence satisfies every condition of
     * {@code sequence}, ordered by sequence and topic locator. Topics in every state are candidates (open
     * sessions, uploads in progress): the catalog knows their metadata from the moment they are created.
     */
    List<SearchHit> find(MetadataFilter sequence, MetadataFilter topic);
}
