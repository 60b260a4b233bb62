package io.mosaicod.db;

import io.mosaicod.testkit.SqliteDatabase;

class SqliteApiKeysTest extends ApiKeysContract {
    @Override
    protected TestRepository createRepository() throws Exception {
        return new JdbcTestRepository(SqliteDatabase.create());
    }
}
