package io.mosaicod.core.search;

import java.util.List;

/**
 * A {@code query} request: sequence, topic and ontology conditions, all ANDed; no condition matches every topic.
 * {@code includeTimestampRange} is the 0.5 dialect's request to answer each topic's {@code timestamp_range}.
 */
public record SearchFilter(MetadataFilter sequence, MetadataFilter topic, List<OntologyCondition> ontology,
                           boolean includeTimestampRange) {

    /** A condition on a leaf of a topic's data. */
    public record OntologyCondition(OntologyPath path, Condition condition) {
    }

    public SearchFilter {
        ontology = List.copyOf(ontology);
    }
}
