package io.mosaicod.tasks.optimizer;

import io.mosaicod.db.Repository;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import io.mosaicod.testkit.PostgresDatabase;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.S3Server;
import org.junit.jupiter.api.AfterEach;

/** Scale-out: PostgreSQL repository and an S3 store (s3proxy). */
class ScaleOutStoreOptimizerTest extends StoreOptimizerContract {
    private PostgresDatabase database;

    @Override
    Repository openRepository() {
        database = PostgresServer.shared().createDatabase();
        return Repositories.open(database.config(4));
    }

    @Override
    ObjectStore openStore() throws Exception {
        S3Server s3 = S3Server.shared();
        return ObjectStores.open(s3.storeConfig(s3.newBucket(), "mosaico"));
    }

    @AfterEach
    void dropDatabase() {
        database.close();
    }
}
