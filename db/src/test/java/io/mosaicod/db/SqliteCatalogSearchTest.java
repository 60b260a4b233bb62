package io.mosaicod.db;

import io.mosaicod.testkit.SqliteDatabase;

class SqliteCatalogSearchTest extends CatalogSearchContract {
    @Override
    protected TestRepository createRepository() throws Exception {
        return new JdbcTestRepository(SqliteDatabase.create());
    }
}
