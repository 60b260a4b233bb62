package io.mosaicod.db.jdbc;

import io.mosaicod.core.Ulid;
import io.mosaicod.db.FailingTopic;
import io.mosaicod.db.Lease;
import io.mosaicod.db.LeasedTopic;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.OptimizationRun;
import io.mosaicod.db.QueueOverview;
import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.RunReport;
import io.mosaicod.db.RunVolume;
import io.mosaicod.db.Topic;
import io.mosaicod.db.TopicScope;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The queue on the {@code topic_optimization} table. Every expiry is compared with {@code {now_ms}}, the
 * database clock, inside the statement that acts on it, so no worker's clock ever decides who holds a lease.
 */
final class JdbcOptimizationQueue implements OptimizationQueue {
    private static final String LEASE_IS_HELD = "topic_id = ? AND lease_token = ?";
    private static final String RUN_COLUMNS = """
            r.id, r.topic_id, t.locator AS topic_locator, r.instance_id, r.started_at_ms, r.ended_at_ms,
                   r.outcome, r.error, r.chunks_in, r.bytes_in, r.rows_in, r.chunks_out, r.bytes_out, r.rows_out""";
    private static final String RUN_SELECT =
            "SELECT " + RUN_COLUMNS + " FROM optimization_run r JOIN topic t ON t.id = r.topic_id";
    /**
     * Topic {@code t}'s failed attempts that count: its FAILED runs since an operator last cleared them. Interrupted
     * runs and lost leases are not the topic's failures; a succeeded run ends the count for good, as an optimized
     * topic is never attempted again (hence every use also asks for {@code t.optimized_at_ms IS NULL}).
     */
    static final String FAILED_ATTEMPTS = """
            (SELECT COUNT(*) FROM optimization_run f
             WHERE f.topic_id = t.id AND f.outcome = 'FAILED' AND f.id > t.failures_cleared_through_run_id)""";
    /** Topics {@code t} the next enqueue takes, within {@code {scope}}; its one parameter is the maximum attempts. */
    static final String TO_ENQUEUE = """
            FROM topic t
            WHERE t.upload_completed_at_ms IS NOT NULL AND t.optimized_at_ms IS NULL
              AND NOT EXISTS (SELECT 1 FROM topic_optimization q WHERE q.topic_id = t.id)
              AND """ + FAILED_ATTEMPTS + " < ?{scope}";

    private final Database database;
    private final CatalogRows rows;
    private final ChunkTable chunks;

    private final String reclaim;
    private final String renew;
    private final String dequeueIfUnexpired;
    private final String switchFolder;
    private final String markOptimized;
    private final String insertRun;
    private final String recentFailures;
    private final String now;

    JdbcOptimizationQueue(Database database, CatalogRows rows, ChunkTable chunks) {
        this.database = database;
        this.rows = rows;
        this.chunks = chunks;
        Dialect dialect = database.dialect;
        // rows locked by another transaction are skipped, as by the acquisition: a commit whose client vanished
        // mid-transaction holds its row's lock until the server notices, and must not hold up every other reclaim
        this.reclaim = dialect.render("""
                UPDATE topic_optimization
                SET lease_owner = NULL, lease_token = NULL, fresh_folder = NULL, leased_at_ms = NULL,
                    lease_expires_at_ms = NULL
                WHERE topic_id IN (
                    SELECT topic_id FROM topic_optimization WHERE lease_expires_at_ms <= {now_ms}{skip_locked})""");
        this.renew = dialect.render("UPDATE topic_optimization SET lease_expires_at_ms = {now_ms} + ? WHERE "
                + LEASE_IS_HELD + " AND lease_expires_at_ms > {now_ms}");
        this.dequeueIfUnexpired = dialect.render(
                "DELETE FROM topic_optimization WHERE " + LEASE_IS_HELD + " AND lease_expires_at_ms > {now_ms}");
        this.switchFolder = dialect.render("UPDATE topic SET folder = ?, optimized_at_ms = {now_ms} WHERE id = ?");
        this.markOptimized = dialect.render("UPDATE topic SET optimized_at_ms = {now_ms} WHERE id = ?");
        // INSERT ... SELECT: a run of a topic deleted meanwhile is not recorded (its history went with it)
        this.insertRun = dialect.render("""
                INSERT INTO optimization_run (topic_id, instance_id, started_at_ms, ended_at_ms, outcome, error,
                    chunks_in, bytes_in, rows_in, chunks_out, bytes_out, rows_out)
                SELECT id, ?, ?, {now_ms}, ?, ?, ?, ?, ?, ?, ?, ? FROM topic WHERE id = ?""");
        this.recentFailures = dialect.render(RUN_SELECT + """
                 WHERE r.outcome IN ('FAILED', 'LEASE_LOST') AND r.ended_at_ms >= {now_ms} - ?
                ORDER BY r.ended_at_ms DESC, r.id DESC""");
        this.now = dialect.render("SELECT {now_ms}");
    }

    @Override
    public int reclaimExpiredLeases() {
        return database.read("reclaim expired optimization leases",
                connection -> database.update(connection, reclaim));
    }

    @Override
    public int enqueueCompleteUnoptimizedTopics(TopicScope scope, int maxAttempts) {
        // ON CONFLICT: two instances enqueueing at once both insert the same topics; the later one skips them
        Scoped enqueue = Scoped.of(database.dialect, "INSERT INTO topic_optimization (topic_id, enqueued_at_ms, attempts)"
                + " SELECT t.id, {now_ms}, 0 " + TO_ENQUEUE + " ON CONFLICT (topic_id) DO NOTHING", "t.id", scope,
                maxAttempts);
        return database.read("enqueue topics for optimization",
                connection -> database.update(connection, enqueue.sql(), enqueue.parameters()));
    }

    @Override
    public Optional<Lease> acquire(long instanceId, Duration leaseDuration, TopicScope scope) {
        String token = UUID.randomUUID().toString();
        String freshFolder = "tp_" + Ulid.generate();
        Scoped acquire = Scoped.of(database.dialect, """
                UPDATE topic_optimization
                SET lease_owner = ?, lease_token = ?, fresh_folder = ?, leased_at_ms = {now_ms},
                    lease_expires_at_ms = {now_ms} + ?, attempts = attempts + 1
                WHERE topic_id = (
                    SELECT topic_id FROM topic_optimization
                    WHERE (lease_token IS NULL OR lease_expires_at_ms <= {now_ms}){scope}
                    ORDER BY enqueued_at_ms, topic_id
                    LIMIT 1{skip_locked})
                RETURNING topic_id, leased_at_ms, lease_expires_at_ms, attempts""", "topic_id", scope,
                instanceId, token, freshFolder, leaseDuration.toMillis());
        return database.write("acquire a topic to optimize", connection -> {
            Optional<LeaseRow> leased = database.first(connection, acquire.sql(), LeaseRow::of, acquire.parameters());
            if (leased.isEmpty()) {
                return Optional.empty();
            }
            LeaseRow row = leased.get();
            Topic topic = database.first(connection, CatalogRows.TOPIC_SELECT + " WHERE id = ?", rows::topic,
                    row.topicId).orElseThrow(); // the queue row's foreign key guarantees it
            return Optional.of(new Lease(topic, instanceId, token, freshFolder, Rows.instant(row.leasedAtMs),
                    Rows.instant(row.expiresAtMs), row.attempts));
        });
    }

    /** The columns the acquisition returns, held until the topic is read in the same transaction. */
    private record LeaseRow(long topicId, long leasedAtMs, long expiresAtMs, int attempts) {
        static LeaseRow of(ResultSet row) throws SQLException {
            return new LeaseRow(row.getLong("topic_id"), row.getLong("leased_at_ms"),
                    row.getLong("lease_expires_at_ms"), row.getInt("attempts"));
        }
    }

    @Override
    public boolean renew(Lease lease, Duration leaseDuration) {
        return database.read("renew the optimization lease of " + describe(lease), connection -> database.update(
                connection, renew, leaseDuration.toMillis(), lease.topic().id(), lease.token()) > 0);
    }

    @Override
    public boolean release(Lease lease) {
        return database.read("release the optimization lease of " + describe(lease),
                connection -> dequeue(connection, lease));
    }

    @Override
    public boolean commitOptimization(Lease lease, List<NewChunk> newChunks, RunReport report) {
        return database.write("commit the optimization of " + describe(lease), connection -> {
            // the fence: deleting our own unexpired queue row also locks it until this transaction ends
            if (database.update(connection, dequeueIfUnexpired, lease.topic().id(), lease.token()) == 0) {
                return false;
            }
            long topicId = lease.topic().id();
            chunks.deleteAllOf(connection, topicId);
            try (ChunkTable.Inserts inserts = chunks.inserts(connection)) {
                for (NewChunk chunk : newChunks) {
                    inserts.insert(topicId, chunk);
                }
            }
            chunks.summarize(connection, topicId);
            database.update(connection, switchFolder, lease.freshFolder(), topicId);
            insertRun(connection, lease, report);
            return true;
        });
    }

    @Override
    public boolean markAlreadyOptimal(Lease lease, RunReport report) {
        return database.write("mark " + describe(lease) + " already optimal", connection -> {
            if (database.update(connection, dequeueIfUnexpired, lease.topic().id(), lease.token()) == 0) {
                return false;
            }
            database.update(connection, markOptimized, lease.topic().id());
            insertRun(connection, lease, report);
            return true;
        });
    }

    @Override
    public void recordUnpublishedRun(Lease lease, RunReport report) {
        database.write("record the " + report.outcome() + " run of " + describe(lease), connection -> {
            dequeue(connection, lease);
            insertRun(connection, lease, report);
            return null;
        });
    }

    private boolean dequeue(Connection connection, Lease lease) throws SQLException {
        return database.update(connection, "DELETE FROM topic_optimization WHERE " + LEASE_IS_HELD,
                lease.topic().id(), lease.token()) > 0;
    }

    private void insertRun(Connection connection, Lease lease, RunReport report) throws SQLException {
        database.update(connection, insertRun, lease.instanceId(), lease.acquiredAt(), report.outcome().name(),
                report.error().orElse(null), report.in().chunks(), report.in().bytes(), report.in().rows(),
                report.out().chunks(), report.out().bytes(), report.out().rows(), lease.topic().id());
    }

    @Override
    public List<FailingTopic> failingTopics(TopicScope scope, int minFailedAttempts) {
        return database.read("list the topics whose optimization failed",
                connection -> failingTopics(connection, scope, minFailedAttempts));
    }

    private List<FailingTopic> failingTopics(Connection connection, TopicScope scope, int minFailedAttempts)
            throws SQLException {
        if (minFailedAttempts < 1) {
            throw new IllegalArgumentException("minFailedAttempts must be >= 1, got " + minFailedAttempts);
        }
        // the failures of each topic counted once, then joined to its newest failed run
        Scoped failing = Scoped.of(database.dialect, """
                SELECT g.failures,""" + " " + RUN_COLUMNS + """

                FROM (SELECT t.id AS topic_id, COUNT(*) AS failures, MAX(f.id) AS last_failure_id
                      FROM topic t JOIN optimization_run f ON f.topic_id = t.id
                      WHERE t.optimized_at_ms IS NULL AND f.outcome = 'FAILED'
                        AND f.id > t.failures_cleared_through_run_id{scope}
                      GROUP BY t.id HAVING COUNT(*) >= ?) g
                JOIN optimization_run r ON r.id = g.last_failure_id JOIN topic t ON t.id = r.topic_id
                ORDER BY t.locator""", "t.id", scope);
        List<Object> parameters = new ArrayList<>(List.of(failing.parameters()));
        parameters.add(minFailedAttempts);
        return database.list(connection, failing.sql(), row -> new FailingTopic(row.getLong("topic_id"),
                row.getString("topic_locator"), row.getInt("failures"), run(row)), parameters.toArray());
    }

    @Override
    public List<FailingTopic> retryGivenUp(TopicScope scope, int maxAttempts) {
        return database.write("clear the failures of topics given up", connection -> {
            List<FailingTopic> givenUp = failingTopics(connection, scope, maxAttempts);
            for (FailingTopic topic : givenUp) {
                database.update(connection, "UPDATE topic SET failures_cleared_through_run_id = ? WHERE id = ?",
                        topic.lastFailure().id(), topic.topicId());
            }
            return givenUp;
        });
    }

    @Override
    public QueueOverview overview(Duration failuresSince, int maxAttempts) {
        Scoped unqueuedCount = Scoped.of(database.dialect, "SELECT COUNT(*) " + TO_ENQUEUE, "t.id", TopicScope.ALL,
                maxAttempts);
        return database.read("read the optimization queue", connection -> {
            long nowMs = database.queryLong(connection, now);
            long waiting = database.queryLong(connection,
                    "SELECT COUNT(*) FROM topic_optimization WHERE lease_token IS NULL");
            long unqueued = database.queryLong(connection, unqueuedCount.sql(), unqueuedCount.parameters());
            List<LeasedTopic> leased = database.list(connection, """
                    SELECT q.topic_id, t.locator, q.lease_owner, q.leased_at_ms, q.lease_expires_at_ms, q.attempts
                    FROM topic_optimization q JOIN topic t ON t.id = q.topic_id
                    WHERE q.lease_token IS NOT NULL ORDER BY q.leased_at_ms, q.topic_id""",
                    row -> new LeasedTopic(row.getLong("topic_id"), row.getString("locator"),
                            row.getLong("lease_owner"), Rows.instant(row, "leased_at_ms"),
                            Rows.instant(row, "lease_expires_at_ms"), row.getInt("attempts")));
            List<OptimizationRun> failures = database.list(connection, recentFailures, JdbcOptimizationQueue::run,
                    failuresSince.toMillis());
            List<FailingTopic> givenUp = maxAttempts == NO_ATTEMPT_LIMIT ? List.of()
                    : failingTopics(connection, TopicScope.ALL, maxAttempts);
            return new QueueOverview(Rows.instant(nowMs), (int) waiting, (int) unqueued, leased, failures, maxAttempts,
                    givenUp);
        });
    }

    @Override
    public List<OptimizationRun> runsOf(long topicId) {
        return database.read("list the optimization runs of topic " + topicId, connection -> database.list(connection,
                RUN_SELECT + " WHERE r.topic_id = ? ORDER BY r.ended_at_ms DESC, r.id DESC",
                JdbcOptimizationQueue::run, topicId));
    }

    private static OptimizationRun run(ResultSet row) throws SQLException {
        return new OptimizationRun(row.getLong("id"), row.getLong("topic_id"), row.getString("topic_locator"),
                row.getLong("instance_id"), Rows.instant(row, "started_at_ms"), Rows.instant(row, "ended_at_ms"),
                RunOutcome.valueOf(row.getString("outcome")), Rows.optionalString(row, "error"),
                new RunVolume(row.getLong("chunks_in"), row.getLong("bytes_in"), row.getLong("rows_in")),
                new RunVolume(row.getLong("chunks_out"), row.getLong("bytes_out"), row.getLong("rows_out")));
    }

    /**
     * A statement rendered for one call: {@code {scope}} becomes {@code AND <column> IN (?, ...)} for a scope
     * naming topics (nothing for all of them), whose ids follow the {@code leading} parameters.
     */
    private record Scoped(String sql, Object[] parameters) {
        static Scoped of(Dialect dialect, String template, String column, TopicScope scope, Object... leading) {
            List<Long> ids = scope.topicIds().orElse(List.of());
            String clause = ids.isEmpty() ? ""
                    : " AND " + column + " IN (" + String.join(", ", Collections.nCopies(ids.size(), "?")) + ")";
            List<Object> parameters = new ArrayList<>(List.of(leading));
            parameters.addAll(ids);
            return new Scoped(dialect.render(template.replace("{scope}", clause)), parameters.toArray());
        }
    }

    private static String describe(Lease lease) {
        return "topic `" + lease.topic().locator() + "`";
    }
}
