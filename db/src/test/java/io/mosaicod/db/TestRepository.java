package io.mosaicod.db;

import java.time.Duration;
import java.time.Instant;

/**
 * A repository under test, with what a test does to it behind its API: empty it between tests, age a
 * heartbeat, let its clock pass a point. Contract tests of every module that needs a repository are written
 * against this, once for all backends: {@code JdbcTestRepository} (SQLite, PostgreSQL) and
 * {@code InMemoryTestRepository}.
 */
public interface TestRepository extends AutoCloseable {

    /** The repository; the same object from one {@link #wipe()} to the next. */
    Repository repository();

    /** Deletes everything the repository holds. */
    void wipe();

    /** Moves an instance's last heartbeat {@code age} into the past, as if it had been silent that long. */
    void backdateHeartbeat(long instanceId, Duration age);

    /**
     * Returns once the repository's clock reads {@code time} or later: a real database is waited for, an
     * in-memory one moved forward. Only for tests in which no timer must run meanwhile.
     */
    void passClock(Instant time);

    @Override
    void close();
}
