package io.mosaicod.tasks.cleanup;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import io.mosaicod.testkit.PostgresDatabase;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.S3Server;
import java.io.IOException;

/** The cleanup scaled out: PostgreSQL (embedded 17) and an S3 bucket (s3proxy), a fresh key prefix per test. */
class ScaleOutCleanupTest extends CleanupRoutineContract {
    private PostgresDatabase database;
    private String bucket;
    private int stores;

    @Override
    protected DatabaseConfig createDatabase() {
        database = PostgresServer.shared().createDatabase();
        bucket = S3Server.shared().newBucket();
        return database.config(4);
    }

    @Override
    protected void dropDatabase() {
        database.close();
    }

    @Override
    protected ObjectStore newStore() throws IOException {
        return ObjectStores.open(S3Server.shared().storeConfig(bucket, "store-" + ++stores));
    }
}
