package io.mosaicod.testkit;

import io.mosaicod.core.config.DatabaseConfig;

/**
 * An empty database of one test class's own, on either repository kind ({@link SqliteDatabase},
 * {@link PostgresDatabase}), so that a contract test is written once for both; closing it disposes of it.
 */
public interface TestDatabase extends AutoCloseable {
    /** How the code under test reaches it. */
    DatabaseConfig config();

    @Override
    void close();
}
