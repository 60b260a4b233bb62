package io.mosaicod.db;

import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.TestDatabase;

class PostgresRepositoryTest extends JdbcRepositoryContract {
    @Override
    protected TestDatabase createDatabase() {
        return PostgresServer.shared().createDatabase();
    }
}
