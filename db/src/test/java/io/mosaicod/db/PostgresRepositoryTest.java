package io.mosaicod.db;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.testkit.PostgresDatabase;
import io.mosaicod.testkit.PostgresServer;

class PostgresRepositoryTest extends RepositoryContractTest {
    private PostgresDatabase database;

    @Override
    protected DatabaseConfig createDatabase() {
        database = PostgresServer.shared().createDatabase();
        return database.config(4);
    }

    @Override
    protected void dropDatabase() {
        database.close();
    }
}
