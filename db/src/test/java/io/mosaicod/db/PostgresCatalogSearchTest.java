package io.mosaicod.db;

import io.mosaicod.testkit.PostgresServer;

class PostgresCatalogSearchTest extends CatalogSearchContract {
    @Override
    protected TestRepository createRepository() {
        return new JdbcTestRepository(PostgresServer.shared().createDatabase());
    }
}
