package io.mosaicod.tasks.cleanup;

import io.mosaicod.db.JdbcTestRepository;
import io.mosaicod.db.TestRepository;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.S3Server;
import java.io.IOException;

/** The cleanup scaled out: PostgreSQL (embedded 17) and an S3 bucket (s3proxy), a fresh key prefix per test. */
class ScaleOutCleanupTest extends CleanupRoutineContract {
    private final String bucket = S3Server.shared().newBucket();
    private int stores;

    @Override
    protected TestRepository createRepository() {
        return new JdbcTestRepository(PostgresServer.shared().createDatabase());
    }

    @Override
    protected ObjectStore newStore() throws IOException {
        return ObjectStores.open(S3Server.shared().storeConfig(bucket, "store-" + ++stores));
    }
}
