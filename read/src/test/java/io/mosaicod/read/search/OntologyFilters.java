package io.mosaicod.read.search;

import io.mosaicod.core.search.SearchFilter;
import io.mosaicod.core.search.SearchFilterParser;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The ontology conditions of {@code {"ontology": ...}}, parsed as the server parses them (single quotes for double). */
final class OntologyFilters {
    private OntologyFilters() {
    }

    static List<SearchFilter.OntologyCondition> conditions(String ontology) {
        String body = "{\"ontology\":" + ontology.replace('\'', '"') + "}";
        return SearchFilterParser.parse(body.getBytes(StandardCharsets.UTF_8)).ontology();
    }
}
