package io.mosaicod.bench;

import io.mosaicod.core.Ulid;
import io.mosaicod.core.config.Secret;
import io.mosaicod.db.Chunk;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Grows a catalog, whose schema the product's migrations created, by the topics of a {@link CatalogLayout} in one
 * go, in three steps: the base rows (sequences, sessions, topics, their flattened user metadata, queue and run
 * history) inserted straight into the repository's tables ({@link BulkInsert}) while the store's folders are written
 * beside them ({@link CatalogFolders}); the template topic's chunks and statistics copied to every topic by the
 * database ({@link #expandTemplateChunks}); then {@link #fillDerivedTables}, one {@code INSERT ... SELECT} per table
 * the repository derives from the others. A migration that adds a derived table adds its statement there.
 */
final class CatalogBuilder {
    private static final long UPLOAD_MS = Duration.ofMinutes(10).toMillis();
    private static final long OPTIMIZER_DELAY_MS = Duration.ofHours(1).toMillis();
    private static final long LEASE_MS = Duration.ofDays(30).toMillis();
    private static final long BUILDER_INSTANCE = 1;

    /** The statements that fill the tables derived from the base rows, in order. */
    private static final List<String> DERIVED_TABLES = List.of(
            "INSERT INTO metadata_key (path) SELECT DISTINCT path FROM sequence_metadata_value WHERE path IS NOT NULL"
                    + " ON CONFLICT DO NOTHING",
            "INSERT INTO metadata_key (path) SELECT DISTINCT path FROM topic_metadata_value WHERE path IS NOT NULL"
                    + " ON CONFLICT DO NOTHING");

    /** Tables whose ids the builder chose, so that PostgreSQL's identities must be moved past them. */
    private static final List<String> IDENTITY_TABLES = List.of("sequence", "session", "topic", "optimization_run");

    /**
     * What was built: rows of the main tables; seconds spent inserting the rows (to the commit and the database's
     * own finishing), and waiting after that for the store's folders.
     */
    record Built(int topics, int sequences, long chunkRows, long statisticsRows, long metadataRows, long runRows,
                 double rowSeconds, double folderWaitSeconds) {
        Built withChunks(long chunks, long statistics) {
            return new Built(topics, sequences, chunks, statistics, metadataRows, runRows, rowSeconds, folderWaitSeconds);
        }

        Built timed(double rows, double folderWait) {
            return new Built(topics, sequences, chunkRows, statisticsRows, metadataRows, runRows, rows, folderWait);
        }
    }

    private final CatalogDeployment deployment;
    private final CatalogTemplate template;
    private final CatalogLayout layout;
    private final long prefix = new SplittableRandom().nextLong();
    private long uuids;

    private CatalogBuilder(CatalogDeployment deployment, CatalogTemplate template, CatalogLayout layout) {
        this.deployment = deployment;
        this.template = template;
        this.layout = layout;
    }

    static Built build(CatalogDeployment deployment, CatalogTemplate template, CatalogLayout layout) throws Exception {
        return new CatalogBuilder(deployment, template, layout).build();
    }

    private Built build() throws Exception {
        long started = System.nanoTime();
        Built built;
        double rowSeconds;
        try (Connection connection = DriverManager.getConnection(deployment.database().jdbcUrl(),
                deployment.database().user().orElse(null),
                deployment.database().password().map(Secret::reveal).orElse(null));
             CatalogFolders folders = new CatalogFolders(deployment.store(), template)) {
            prepare(connection);
            long firstTopic = maxId(connection, "topic") + 1;
            built = insertBaseRows(connection, folders);
            long[] expanded = expandTemplateChunks(connection, firstTopic, firstTopic + layout.topics() - 1);
            built = built.withChunks(expanded[0], expanded[1]);
            fillDerivedTables(connection, firstTopic, firstTopic + layout.topics() - 1);
            connection.commit();
            finish(connection);
            rowSeconds = (System.nanoTime() - started) / 1e9;
        }
        return built.timed(rowSeconds, (System.nanoTime() - started) / 1e9 - rowSeconds);
    }

    /**
     * One transaction. SQLite: the file is the benchmark's, so it need not survive a crash while it is built, and a
     * fresh connection checks no foreign keys. PostgreSQL: the rows reference each other correctly by construction,
     * but the batches of different tables arrive in any order, so the foreign-key triggers wait (replica role).
     */
    private void prepare(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement()) {
            if (deployment.postgres()) {
                s.execute("SET session_replication_role = replica");
            } else {
                s.execute("PRAGMA synchronous = OFF");
                s.execute("PRAGMA cache_size = -1048576"); // 1 GiB: every index the build appends to stays cached
            }
        }
        connection.setAutoCommit(false);
    }

    private Built insertBaseRows(Connection connection, CatalogFolders folders) throws SQLException {
        boolean pg = deployment.postgres();
        long sequenceBase = maxId(connection, "sequence");
        long sessionBase = maxId(connection, "session");
        long topicBase = maxId(connection, "topic");
        long runId = maxId(connection, "optimization_run");
        long templateStartNs = template.firstTimestampNs();
        int sequences = 0;
        try (BulkInsert sequence = new BulkInsert(connection, pg, "sequence",
                "id, uuid, locator, locator_reversed, user_metadata, folder, created_at_ms");
             BulkInsert session = new BulkInsert(connection, pg, "session",
                     "id, uuid, sequence_id, ulid, created_at_ms, completed_at_ms");
             BulkInsert sequenceMetadata = new BulkInsert(connection, pg, "sequence_metadata_value",
                     "sequence_id, path, value_type, number_value, text_value");
             BulkInsert topic = new BulkInsert(connection, pg, "topic",
                     "id, uuid, sequence_id, session_id, locator, locator_reversed, user_metadata, folder,"
                             + " serialization_format,"
                             + " ontology_tag, created_at_ms, upload_completed_at_ms, locked, first_timestamp_ns,"
                             + " last_timestamp_ns, optimized_at_ms");
             BulkInsert topicMetadata = new BulkInsert(connection, pg, "topic_metadata_value",
                     "topic_id, path, value_type, number_value, text_value");
             BulkInsert queue = new BulkInsert(connection, pg, "topic_optimization",
                     "topic_id, enqueued_at_ms, attempts, lease_owner, lease_token, fresh_folder, leased_at_ms,"
                             + " lease_expires_at_ms");
             BulkInsert runs = new BulkInsert(connection, pg, "optimization_run",
                     "id, topic_id, instance_id, started_at_ms, ended_at_ms, outcome, error, chunks_in, bytes_in,"
                             + " rows_in, chunks_out, bytes_out, rows_out")) {
            long bytesIn = template.chunks().stream().mapToLong(Chunk::sizeBytes).sum();
            long rowsIn = template.chunks().stream().mapToLong(Chunk::rowCount).sum();
            int chunkCount = template.chunks().size();
            long nowMs = layout.nowMs();
            for (int t = 0; t < layout.topics(); t++) {
                long createdMs = layout.createdAtMs(t);
                int s = CatalogLayout.sequenceOf(t);
                long sequenceId = sequenceBase + 1 + s;
                if (t % CatalogLayout.TOPICS_PER_SEQUENCE == 0) {
                    String folder = "sq_" + Ulid.at(createdMs);
                    String robot = "r" + s % 20;
                    String site = s % 3 == 0 ? "lab" : "field";
                    String locator = CatalogLayout.sequenceLocator(s);
                    sequence.row(sequenceId, uuid(), locator, reversed(locator),
                            "{\"robot\":{\"name\":\"" + robot + "\"},\"site\":\"" + site + "\"}", folder, createdMs);
                    session.row(sessionBase + 1 + s, uuid(), sequenceId, Ulid.at(createdMs).toString(), createdMs,
                            createdMs + CatalogLayout.TOPICS_PER_SEQUENCE * UPLOAD_MS);
                    // flattened as the product's MetadataIndex flattens it: every depth, objects included
                    sequenceMetadata.row(sequenceId, "robot", "object", null, null);
                    sequenceMetadata.row(sequenceId, "robot.name", "string", null, robot);
                    sequenceMetadata.row(sequenceId, "site", "string", null, site);
                    folders.addSequence(folder);
                    sequences++;
                }
                long topicId = topicBase + 1 + t;
                String folder = "tp_" + Ulid.at(createdMs);
                long completedMs = createdMs + UPLOAD_MS;
                CatalogLayout.State state = CatalogLayout.state(t);
                Long optimizedMs = state == CatalogLayout.State.OPTIMIZED || state == CatalogLayout.State.OPTIMIZED_AFTER_FAILURE
                        ? completedMs + OPTIMIZER_DELAY_MS : null;
                long firstNs = createdMs * 1_000_000L;
                long offsetNs = firstNs - templateStartNs;
                int rateHz = 50 * (1 + t % 10);
                String locator = CatalogLayout.topicLocator(t);
                topic.row(topicId, uuid(), sequenceId, sessionBase + 1 + s, locator, reversed(locator),
                        "{\"serial\":" + t + ",\"rate_hz\":" + rateHz + "}", folder, "default",
                        CatalogRecording.ONTOLOGY_TAG, createdMs, completedMs, true, firstNs,
                        template.lastTimestampNs() + offsetNs, optimizedMs);
                topicMetadata.row(topicId, "serial", "number", (double) t, null);
                topicMetadata.row(topicId, "rate_hz", "number", (double) rateHz, null);
                long endedMs = completedMs + OPTIMIZER_DELAY_MS;
                switch (state) {
                    case OPTIMIZED_AFTER_FAILURE -> {
                        runs.row(++runId, topicId, BUILDER_INSTANCE, endedMs - 60_000, endedMs - 59_000, "FAILED",
                                "bench: the store was unreachable", (long) chunkCount, bytesIn, rowsIn, 0L, 0L, 0L);
                        runs.row(++runId, topicId, BUILDER_INSTANCE, endedMs - 2_000, endedMs, "SUCCEEDED", null,
                                (long) chunkCount, bytesIn, rowsIn, (long) chunkCount, bytesIn, rowsIn);
                    }
                    case OPTIMIZED -> runs.row(++runId, topicId, BUILDER_INSTANCE, endedMs - 2_000, endedMs, "SUCCEEDED", null,
                                (long) chunkCount, bytesIn, rowsIn, (long) chunkCount, bytesIn, rowsIn);
                    case LEASED -> queue.row(topicId, completedMs, 1, BUILDER_INSTANCE, uuid().toString(),
                            "tp_" + Ulid.at(nowMs), nowMs - 60_000, nowMs + LEASE_MS);
                    case GAVE_UP -> {
                        for (int a = 0; a < CatalogLayout.MAX_ATTEMPTS; a++) {
                            runs.row(++runId, topicId, BUILDER_INSTANCE, endedMs + a * 60_000L,
                                    endedMs + a * 60_000L + 1_000, "FAILED", "bench: chunk 3 is not Parquet",
                                    (long) chunkCount, bytesIn, rowsIn, 0L, 0L, 0L);
                        }
                    }
                }
                folders.addTopic(folder);
            }
            return new Built(layout.topics(), sequences, 0, 0, sequenceMetadata.rows() + topicMetadata.rows(),
                    runs.rows(), 0, 0);
        }
    }

    /**
     * The chunks of every bulk topic, {@code first} to {@code last}, and their statistics: the template topic's rows
     * copied by the database itself, each moved to its topic's folder and time, so that ten million chunk rows and
     * fifty million statistics rows cost two statements instead of sixty million bound rows. A chunk's uuid is its
     * topic id and ordinal in hexadecimal after a prefix of the build's.
     */
    private long[] expandTemplateChunks(Connection connection, long first, long last) throws SQLException {
        String uuidPrefix = UUID.randomUUID().toString().substring(0, 24);
        String chunkNumber = "t.id * 1000 + c.ordinal";
        String uuid = deployment.postgres()
                ? "CAST(CAST(? AS text) || lpad(to_hex(" + chunkNumber + "), 12, '0') AS uuid)"
                : "? || printf('%012x', " + chunkNumber + ")";
        String chunks = """
                INSERT INTO chunk (uuid, topic_id, ordinal, object_key, size_bytes, arrow_size_bytes, row_count,
                                   min_timestamp_ns, max_timestamp_ns, sorted)
                SELECT %s, t.id, c.ordinal, t.folder || substr(c.object_key, ?), c.size_bytes, c.arrow_size_bytes,
                       c.row_count, c.min_timestamp_ns + (t.first_timestamp_ns - ?),
                       c.max_timestamp_ns + (t.first_timestamp_ns - ?), c.sorted
                FROM topic t CROSS JOIN chunk c
                WHERE t.id BETWEEN ? AND ? AND c.topic_id = ?
                ORDER BY t.id, c.ordinal""".formatted(uuid);
        String statistics = """
                INSERT INTO chunk_column_stats (chunk_id, column_path, kind, min_number, max_number, min_text,
                                                max_text, has_null, has_nan)
                SELECT n.id, s.column_path, s.kind,
                       CASE WHEN s.column_path = 'timestamp_ns'
                            THEN s.min_number + (n.min_timestamp_ns - c.min_timestamp_ns) ELSE s.min_number END,
                       CASE WHEN s.column_path = 'timestamp_ns'
                            THEN s.max_number + (n.min_timestamp_ns - c.min_timestamp_ns) ELSE s.max_number END,
                       s.min_text, s.max_text, s.has_null, s.has_nan
                FROM chunk n JOIN chunk c ON c.topic_id = ? AND c.ordinal = n.ordinal
                JOIN chunk_column_stats s ON s.chunk_id = c.id
                WHERE n.topic_id BETWEEN ? AND ?
                ORDER BY n.id, s.column_path""";
        long templateTopic = template.topicId();
        long chunkRows = update(connection, chunks, uuidPrefix, template.topicFolder().length() + 1,
                template.firstTimestampNs(), template.firstTimestampNs(), first, last, templateTopic);
        long statisticsRows = update(connection, statistics, templateTopic, first, last);
        return new long[] {chunkRows, statisticsRows};
    }

    private static long update(Connection connection, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            return statement.executeLargeUpdate();
        }
    }

    /**
     * The derived tables, from the base rows in one statement each: the tables a later migration adds (a summary,
     * a record) get their {@code INSERT ... SELECT} in {@link #DERIVED_TABLES}.
     */
    private void fillDerivedTables(Connection connection, long first, long last) throws SQLException {
        try (Statement s = connection.createStatement()) {
            for (String sql : DERIVED_TABLES) {
                s.executeUpdate(sql);
            }
        }
        update(connection, columnSummaries(), first, last);
    }

    /**
     * V9's summaries of the bulk topics' column statistics, as the repository writes them when an upload completes
     * (text compared by code point on both databases).
     */
    private String columnSummaries() {
        String byCodePoint = deployment.postgres() ? " COLLATE \"C\"" : "";
        return """
                INSERT INTO topic_column_summary (topic_id, column_path, kind, min_number, max_number, min_text,
                                                  max_text, has_null, has_nan)
                SELECT c.topic_id, s.column_path,
                       CASE WHEN MIN(s.kind) = MAX(s.kind)
                                 AND COUNT(*) = (SELECT COUNT(*) FROM chunk k WHERE k.topic_id = c.topic_id)
                            THEN MIN(s.kind) ELSE 'mixed' END,
                       MIN(s.min_number), MAX(s.max_number), MIN(s.min_text%1$s), MAX(s.max_text%1$s),
                       MAX(CASE WHEN s.has_null THEN 1 ELSE 0 END) = 1, MAX(CASE WHEN s.has_nan THEN 1 ELSE 0 END) = 1
                FROM topic t JOIN chunk c ON c.topic_id = t.id JOIN chunk_column_stats s ON s.chunk_id = c.id
                WHERE t.id BETWEEN ? AND ? AND t.upload_completed_at_ms IS NOT NULL
                GROUP BY c.topic_id, s.column_path""".formatted(byCodePoint);
    }

    /** A locator backwards by code point, as the repository writes {@code locator_reversed} (V10). */
    private static String reversed(String locator) {
        return new StringBuilder(locator).reverse().toString();
    }

    /**
     * After the commit. PostgreSQL: its identities continue after the ids chosen here, and its planner learns the
     * tables' sizes (autovacuum would, a minute later). SQLite: the write-ahead log is folded into the file, as the
     * product's own writes would have done by now.
     */
    private void finish(Connection connection) throws SQLException {
        connection.setAutoCommit(true);
        try (Statement s = connection.createStatement()) {
            if (deployment.postgres()) {
                for (String table : IDENTITY_TABLES) {
                    s.execute("SELECT setval(pg_get_serial_sequence('" + table + "', 'id'), (SELECT max(id) FROM "
                            + table + "))");
                }
                s.execute("SET session_replication_role = DEFAULT");
                s.execute("ANALYZE");
            } else {
                s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            }
        }
    }

    private static long maxId(Connection connection, String table) throws SQLException {
        try (Statement s = connection.createStatement();
             ResultSet rows = s.executeQuery("SELECT COALESCE(MAX(id), 0) FROM " + table)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /**
     * A unique UUID (version 4 bits) whose order follows the build's: a random prefix, then a counter. Each row
     * appends to the end of its table's uuid index instead of landing at a random place in it, which keeps a build
     * of ten million chunk rows at the speed of the first thousand.
     */
    private UUID uuid() {
        return new UUID((prefix & ~0xF000L) | 0x4000L, 0x8000000000000000L | ++uuids);
    }
}
