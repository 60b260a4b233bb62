package io.mosaicod.db.jdbc;

/** What carries user metadata: its table, the table of its flattened values, and its alias in search SQL. */
enum MetadataOwner {
    SEQUENCE("sequence", "s"), TOPIC("topic", "t");

    final String table;
    final String valueTable;
    final String ownerColumn;
    final String alias;

    MetadataOwner(String table, String alias) {
        this.table = table;
        this.valueTable = table + "_metadata_value";
        this.ownerColumn = table + "_id";
        this.alias = alias;
    }
}
