package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.Topic;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.testkit.ChildMosaicod;
import io.mosaicod.testkit.TestSeed;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenario 1, kills pinned to the two short database steps random kills rarely hit: the commit and a lease
 * renewal. The test holds a lock on the topic's queue row (PostgreSQL {@code SELECT ... FOR UPDATE}), so the
 * optimizer's own statement on that row waits inside its transaction; once PostgreSQL shows that statement
 * waiting for the lock, the process is killed with SIGKILL, then the lock released. The killed transaction
 * must leave nothing behind: the topic unchanged, and a normal run after the lease's expiry optimizes it once.
 * For the renewal, the optimizer reaches S3 through a {@link TcpProxy} the test stalls once the rewrite has
 * begun: the rewrite cannot reach its commit, so the first statement to meet the lock is a renewal.
 */
class PinnedCrashTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    /** A 3 s lease is renewed every second; under a 1 MiB pool rewrites spill, so the test meets them mid-way. */
    private static final Map<String, String> SHORT_LEASE = Map.of("MOSAICOD_STORE_OPTIMIZER_LEASE_DURATION", "3",
            "MOSAICOD_STORE_OPTIMIZER_MEMORY_POOL_SIZE", "1MiB");

    @TempDir
    Path dir;
    Backend.ScaleOut backend;
    Deployment deployment;

    @BeforeEach
    void setUp() throws Exception {
        backend = Backend.scaleOut(dir);
        deployment = new Deployment(backend);
    }

    @AfterEach
    void tearDown() throws Exception {
        deployment.close();
    }

    @Test
    void aKillInsideTheCommitTransactionPublishesNothing() throws Exception {
        Topic topic = deployment.ingestRandom(new Random(Campaign.seed(SEED, "kill inside the commit")), "pinned/commit");
        killWhileWaiting(topic, "DELETE FROM topic_optimization", () -> { });
        assertThat(deployment.repository.catalog().findTopic(topic.id()).orElseThrow().isOptimized()).isFalse();
        recover();
    }

    @Test
    void aKillInsideALeaseRenewalLeavesTheLeaseToExpire() throws Exception {
        // large enough that the rewrite is still reading when the test stalls the path to S3
        Topic topic = deployment.ingest("pinned/renewal", "ragged",
                TopicFixture.nearlyOrdered(120, 500, 0.6, Campaign.seed(SEED, "kill inside a renewal")));
        try (TcpProxy s3 = new TcpProxy(backend.storePort())) {
            backend.processesReachStoreAt(s3.port());
            killWhileWaiting(topic, "UPDATE topic_optimization SET lease_expires_at_ms", s3::stall);
            s3.restore();
            assertThat(deployment.repository.catalog().findTopic(topic.id()).orElseThrow().isOptimized()).isFalse();
            recover();
        }
    }

    /**
     * Starts an optimizer and, once it rewrites {@code topic}, runs {@code meanwhile}, locks the topic's queue row
     * and kills the process once {@code statement} waits for it.
     */
    private void killWhileWaiting(Topic topic, String statement, Runnable meanwhile) throws Exception {
        try (ChildMosaicod optimizer = deployment.start(SHORT_LEASE, "store-optimizer");
             Connection lock = backend.connect()) {
            optimizer.awaitLog(line -> line.contains("Optimizing topic " + topic.locator()), Deployment.PROCESS_TIMEOUT);
            meanwhile.run();
            lock.setAutoCommit(false);
            try (PreparedStatement select = lock.prepareStatement(
                    "SELECT topic_id FROM topic_optimization WHERE topic_id = ? FOR UPDATE")) {
                select.setLong(1, topic.id());
                assertThat(select.executeQuery().next()).as("the topic is still queued").isTrue();
            }
            try (Connection observer = backend.connect()) { // autocommit: a fresh pg_stat_activity each poll
                awaitWaitingStatement(observer, statement);
            }
            optimizer.killHard();
            assertThat(optimizer.awaitExit(Deployment.PROCESS_TIMEOUT)).isEqualTo(137);
            lock.rollback();
        }
        deployment.ledger.assertNothingLost();
    }

    /**
     * Polls pg_stat_activity (bounded) until a session's {@code statement} waits for a lock. Needs a connection
     * in autocommit mode: inside a transaction PostgreSQL serves the same snapshot of the view every time.
     */
    private static void awaitWaitingStatement(Connection connection, String statement) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        try (PreparedStatement waiting = connection.prepareStatement("""
                SELECT count(*) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                  AND wait_event_type = 'Lock' AND query LIKE ?""")) {
            waiting.setString(1, statement + "%");
            while (true) {
                try (ResultSet row = waiting.executeQuery()) {
                    row.next();
                    if (row.getInt(1) > 0) {
                        return;
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("no `" + statement + "` waited for the queue row's lock within 20 s; "
                            + "sessions: " + sessions(connection));
                }
                Thread.sleep(20); // polling the database for the other process's step
            }
        } catch (SQLException e) {
            throw new AssertionError("cannot read pg_stat_activity", e);
        }
    }

    private static String sessions(Connection connection) throws SQLException {
        StringBuilder text = new StringBuilder();
        try (PreparedStatement all = connection.prepareStatement("SELECT state, wait_event_type, wait_event, query "
                + "FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
             ResultSet rows = all.executeQuery()) {
            while (rows.next()) {
                text.append("\n").append(rows.getString(1)).append(" | ").append(rows.getString(2)).append(" | ")
                        .append(rows.getString(3)).append(" | ").append(rows.getString(4));
            }
        }
        return text.toString();
    }

    private void recover() throws Exception {
        deployment.awaitLeasesExpired(Duration.ofSeconds(30));
        deployment.optimizeNormally();
        deployment.ledger.assertSettled();
    }
}
