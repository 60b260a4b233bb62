package io.mosaicod.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.testkit.PostgresDatabase;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class PostgresRepositoryTest extends JdbcRepositoryContract {
    private PostgresDatabase database;

    @Override
    protected TestDatabase createDatabase() {
        database = PostgresServer.shared().createDatabase();
        return database;
    }

    /**
     * A commit whose client vanished mid-transaction keeps its queue row locked until PostgreSQL notices (hours,
     * with TCP keepalive's defaults): reclaiming the other expired leases must not wait for it.
     */
    @Test
    void aQueueRowLockedByAStalledCommitDoesNotHoldUpTheReclaimOfTheOthers() throws Exception {
        uploadedTopic("run/stalled", 0, 1);
        uploadedTopic("run/other", 0, 1);
        queue.enqueueCompleteUnoptimizedTopics();
        Lease stalled = queue.acquire(1, Duration.ZERO).orElseThrow(); // expired as soon as granted
        ExecutorService reclaimer = Executors.newSingleThreadExecutor();
        try (Connection commit = DriverManager.getConnection(database.jdbcUrl(), database.user(),
                database.password())) {
            commit.setAutoCommit(false);
            try (PreparedStatement lock = commit.prepareStatement(
                    "SELECT topic_id FROM topic_optimization WHERE topic_id = ? FOR UPDATE")) {
                lock.setLong(1, stalled.topic().id());
                assertThat(lock.executeQuery().next()).isTrue();
            }
            Lease other = queue.acquire(2, Duration.ZERO).orElseThrow(); // the locked row is skipped
            assertThat(other.topic().id()).isNotEqualTo(stalled.topic().id());
            Future<Integer> reclaimed = reclaimer.submit(queue::reclaimExpiredLeases);
            try {
                assertThat(reclaimed.get(20, TimeUnit.SECONDS)).as("the unlocked expired lease").isEqualTo(1);
            } catch (TimeoutException e) {
                throw new AssertionError("the reclaim waited for the locked row", e);
            } finally {
                commit.rollback(); // lets a reclaim that waited finish
            }
        } finally {
            reclaimer.shutdown();
            assertThat(reclaimer.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
        }
        assertThat(queue.reclaimExpiredLeases()).as("the stalled commit's lease, once its lock is gone")
                .isEqualTo(1);
    }
}
