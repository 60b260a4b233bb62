package io.mosaicod.db;

import io.mosaicod.testkit.PostgresServer;

class PostgresApiKeysTest extends ApiKeysContract {
    @Override
    protected TestRepository createRepository() {
        return new JdbcTestRepository(PostgresServer.shared().createDatabase());
    }
}
