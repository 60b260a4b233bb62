package io.mosaicod.db;

import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.TestDatabase;

class PostgresRepositoryTest extends RepositoryContractTest {
    @Override
    protected TestDatabase createDatabase() {
        return PostgresServer.shared().createDatabase();
    }
}
