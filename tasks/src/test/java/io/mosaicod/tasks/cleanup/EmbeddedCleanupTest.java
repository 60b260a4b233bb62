package io.mosaicod.tasks.cleanup;

import io.mosaicod.db.JdbcTestRepository;
import io.mosaicod.db.TestRepository;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.testkit.SqliteDatabase;
import java.io.IOException;

/** The cleanup on the embedded defaults: a SQLite repository and a local store directory beside it. */
class EmbeddedCleanupTest extends CleanupRoutineContract {
    private SqliteDatabase sqlite;
    private int stores;

    @Override
    protected TestRepository createRepository() throws IOException {
        sqlite = SqliteDatabase.create();
        return new JdbcTestRepository(sqlite);
    }

    @Override
    protected ObjectStore newStore() throws IOException {
        return new LocalObjectStore(sqlite.folder().resolve("store-" + ++stores));
    }
}
