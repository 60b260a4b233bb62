package io.mosaicod.db;

import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.testkit.TestDatabase;
import io.mosaicod.testkit.TestSql;
import java.time.Duration;
import java.time.Instant;

/** A repository opened on a test database (SQLite or PostgreSQL); closing it drops the database. */
public final class JdbcTestRepository implements TestRepository {
    private static final Duration POLL = Duration.ofMillis(20);
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private final TestDatabase database;
    private final Repository repository;

    public JdbcTestRepository(TestDatabase database) {
        this.database = database;
        this.repository = Repositories.open(database.config());
    }

    @Override
    public Repository repository() {
        return repository;
    }

    @Override
    public void wipe() {
        TestSql.wipe(database.config());
    }

    @Override
    public void backdateHeartbeat(long instanceId, Duration age) {
        TestSql.execute(database.config(), "UPDATE instance_registry SET last_heartbeat_at_ms = last_heartbeat_at_ms - "
                + age.toMillis() + " WHERE id = " + instanceId);
    }

    /** The database clock is the server's: it cannot be moved, only waited for. */
    @Override
    public void passClock(Instant time) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (repository.now().isBefore(time)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the database clock did not reach " + time + " within " + PATIENCE);
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for database time " + time, e);
            }
        }
    }

    @Override
    public void close() {
        repository.close();
        database.close();
    }
}
