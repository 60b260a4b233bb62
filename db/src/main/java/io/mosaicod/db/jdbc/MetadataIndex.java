package io.mosaicod.db.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;

/**
 * Keeps the flattened user metadata (V5's {@code *_metadata_value} and {@code metadata_key}) in step with the
 * sequences and topics: called in the transaction that creates one.
 */
final class MetadataIndex {
    private final Database database;
    private final Map<MetadataOwner, String> flatten = new EnumMap<>(MetadataOwner.class);
    private final Map<MetadataOwner, String> recordKeys = new EnumMap<>(MetadataOwner.class);

    MetadataIndex(Database database) {
        this.database = database;
        SearchDialect dialect = SearchDialect.of(database.dialect);
        for (MetadataOwner owner : MetadataOwner.values()) {
            flatten.put(owner, dialect.flattenUserMetadata(owner));
            recordKeys.put(owner, "INSERT INTO metadata_key (path) SELECT DISTINCT path FROM " + owner.valueTable
                    + " WHERE " + owner.ownerColumn + " = ? ON CONFLICT DO NOTHING");
        }
    }

    void add(Connection connection, MetadataOwner owner, long id) throws SQLException {
        database.update(connection, flatten.get(owner), id);
        database.update(connection, recordKeys.get(owner), id);
    }
}
