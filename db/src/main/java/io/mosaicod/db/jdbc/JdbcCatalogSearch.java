package io.mosaicod.db.jdbc;

import io.mosaicod.core.search.MetadataFilter;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import io.mosaicod.db.CatalogSearch;
import io.mosaicod.db.SearchHit;
import java.util.List;
import java.util.Optional;

/** Searches the catalog in one SQL statement; wildcard key paths are resolved first against {@code metadata_key}. */
final class JdbcCatalogSearch implements CatalogSearch {
    private final Database database;
    private final SearchDialect dialect;

    JdbcCatalogSearch(Database database) {
        this.database = database;
        this.dialect = SearchDialect.of(database.dialect);
    }

    @Override
    public List<SearchHit> find(MetadataFilter sequence, MetadataFilter topic, List<OntologyCondition> ontology) {
        return database.read("search the catalog", connection -> {
            List<String> paths = sequence.userMetadata().isEmpty() && topic.userMetadata().isEmpty() ? List.of()
                    : database.list(connection, "SELECT path FROM metadata_key", row -> row.getString(1));
            SearchStatement statement = new SearchStatement(dialect, paths, sequence, topic, ontology);
            return database.list(connection, statement.sql(), row -> new SearchHit(row.getLong(1), row.getString(2),
                    row.getString(3), Optional.ofNullable(row.getString(4))), statement.parameters());
        });
    }
}
