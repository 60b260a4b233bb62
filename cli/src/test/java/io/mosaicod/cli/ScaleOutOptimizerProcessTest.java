package io.mosaicod.cli;

import io.mosaicod.core.config.StoreConfig;
import io.mosaicod.db.Repositories;
import io.mosaicod.db.Repository;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import io.mosaicod.testkit.PostgresDatabase;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.S3Server;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** Child processes on PostgreSQL + S3 (s3proxy), configured through the environment as an operator would. */
class ScaleOutOptimizerProcessTest extends OptimizerProcessTest {
    @TempDir
    Path data;
    private PostgresDatabase database;
    private StoreConfig.S3 s3;

    @Override
    Map<String, String> environment() {
        Map<String, String> env = new HashMap<>();
        env.put("MOSAICOD_DATA_DIR", data.toString());
        env.put("MOSAICOD_DB_URL", database.jdbcUrl());
        env.put("MOSAICOD_DB_USER", database.user());
        env.put("MOSAICOD_DB_PASSWORD", database.password());
        env.put("MOSAICOD_STORE_BUCKET", s3.bucket());
        env.put("MOSAICOD_STORE_ENDPOINT", s3.endpoint().orElseThrow().toString());
        env.put("MOSAICOD_STORE_REGION", s3.region());
        env.put("MOSAICOD_STORE_PREFIX", s3.prefix());
        env.put("MOSAICOD_STORE_ACCESS_KEY", S3Server.ACCESS_KEY);
        env.put("MOSAICOD_STORE_SECRET_KEY", S3Server.SECRET_KEY);
        return env;
    }

    @Override
    Repository openRepository() {
        database = PostgresServer.shared().createDatabase();
        return Repositories.open(database.config(4));
    }

    @Override
    ObjectStore openStore() throws Exception {
        S3Server server = S3Server.shared();
        s3 = server.storeConfig(server.newBucket(), "fleet");
        return ObjectStores.open(s3);
    }

    @AfterEach
    void dropDatabase() {
        database.close();
    }
}
