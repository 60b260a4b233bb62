package io.mosaicod.db.jdbc;

import io.mosaicod.core.Ulid;
import io.mosaicod.db.AlreadyExistsException;
import io.mosaicod.db.ConcurrentDeletionException;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.ColumnStats;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.NewTopic;
import io.mosaicod.db.Notification;
import io.mosaicod.db.NotificationTarget;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.SessionFinalizedException;
import io.mosaicod.db.Session;
import io.mosaicod.db.Topic;
import io.mosaicod.db.TopicSelection;
import io.mosaicod.db.TopicSummary;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

final class JdbcCatalog implements Catalog {
    private static final String SEQUENCE_SELECT = "SELECT " + CatalogRows.SEQUENCE_COLUMNS + " FROM sequence";
    private static final String CHUNK_SELECT = "SELECT " + CatalogRows.CHUNK_COLUMNS + " FROM chunk";
    /**
     * What completing a topic's upload sets: when, and its time range from its chunks, so the two can never
     * disagree. Shared with the completion under an upload claim ({@link JdbcUploadClaims}).
     */
    static final String UPLOAD_COMPLETION = """
            upload_completed_at_ms = {now_ms},
            first_timestamp_ns = (SELECT MIN(c.min_timestamp_ns) FROM chunk c WHERE c.topic_id = topic.id),
            last_timestamp_ns = (SELECT MAX(c.max_timestamp_ns) FROM chunk c WHERE c.topic_id = topic.id)""";
    private static final String NOTIFICATION_COLUMNS =
            "id, sequence_id, topic_id, notification_type, message, created_at_ms";

    private final Database database;
    private final CatalogRows rows;
    private final ChunkTable chunks;
    private final MetadataIndex metadataIndex;
    private final TopicSummaries summaries;

    private final String insertSequence;
    private final String insertSession;
    private final String insertTopic;
    private final String completeUpload;
    private final String finalizeSession;
    private final String insertNotification;

    JdbcCatalog(Database database, CatalogRows rows, ChunkTable chunks) {
        this.database = database;
        this.rows = rows;
        this.chunks = chunks;
        this.metadataIndex = new MetadataIndex(database);
        this.summaries = new TopicSummaries(database, rows);
        Dialect dialect = database.dialect;
        this.insertSequence = dialect.render("""
                INSERT INTO sequence (uuid, locator, locator_reversed, user_metadata, folder, created_at_ms)
                VALUES (?, ?, ?, ?, ?, {now_ms})
                ON CONFLICT (locator) DO NOTHING
                RETURNING\s""" + CatalogRows.SEQUENCE_COLUMNS);
        this.insertSession = dialect.render("""
                INSERT INTO session (uuid, sequence_id, ulid, created_at_ms) VALUES (?, ?, ?, {now_ms})
                RETURNING id""");
        // the sequence is the session's; no row is inserted if the session does not exist or is finalized (in the
        // same statement: a finalize committed after the caller looked at the session must still keep the topic out)
        this.insertTopic = dialect.render("""
                INSERT INTO topic (uuid, sequence_id, session_id, locator, locator_reversed, user_metadata, folder,
                                   serialization_format, ontology_tag, created_at_ms)
                SELECT ?, s.sequence_id, s.id, ?, ?, ?, ?, ?, ?, {now_ms} FROM session s
                WHERE s.id = ? AND s.completed_at_ms IS NULL
                ON CONFLICT (locator) DO NOTHING
                RETURNING\s""" + CatalogRows.TOPIC_COLUMNS);
        this.completeUpload = dialect.render(
                "UPDATE topic SET " + UPLOAD_COMPLETION + " WHERE id = ? AND upload_completed_at_ms IS NULL");
        this.finalizeSession = dialect.render(
                "UPDATE session SET completed_at_ms = {now_ms} WHERE id = ? AND completed_at_ms IS NULL");
        this.insertNotification = dialect.render("""
                INSERT INTO notification (sequence_id, topic_id, notification_type, message, created_at_ms)
                VALUES (?, ?, ?, ?, {now_ms})
                RETURNING\s""" + NOTIFICATION_COLUMNS);
    }

    /** One transaction: the sequence is never visible to a search without its flattened user metadata. */
    @Override
    public Sequence createSequence(String locator, String userMetadataJson, String folder) {
        return database.write("create sequence `" + locator + "`", connection -> {
            Sequence sequence = database.first(connection, insertSequence, rows::sequence, UUID.randomUUID(), locator,
                            ReversedLocator.of(locator), userMetadataJson, folder)
                    .orElseThrow(() -> new AlreadyExistsException("Sequence", locator));
            metadataIndex.add(connection, MetadataOwner.SEQUENCE, sequence.id());
            return sequence;
        });
    }

    @Override
    public Optional<Sequence> findSequence(String locator) {
        return database.read("find sequence `" + locator + "`", connection -> findSequence(connection, locator));
    }

    private Optional<Sequence> findSequence(Connection connection, String locator) throws SQLException {
        return database.first(connection, SEQUENCE_SELECT + " WHERE locator = ?", rows::sequence, locator);
    }

    @Override
    public void eachSequence(Consumer<Sequence> each) {
        database.stream("list sequences", SEQUENCE_SELECT + " ORDER BY locator", rows::sequence, each);
    }

    @Override
    public boolean deleteSequence(long sequenceId) {
        return database.read("delete sequence " + sequenceId,
                connection -> database.update(connection, "DELETE FROM sequence WHERE id = ?", sequenceId) > 0);
    }

    @Override
    public Session createSession(long sequenceId) {
        return database.write("create a session in sequence " + sequenceId, connection -> {
            long id = database.queryLong(connection, insertSession, UUID.randomUUID(), sequenceId,
                    Ulid.generate().toString());
            return database.first(connection, CatalogRows.SESSION_SELECT + " WHERE s.id = ?", rows::session, id)
                    .orElseThrow();
        });
    }

    @Override
    public Optional<Session> findSession(UUID uuid) {
        return database.read("find session " + uuid, connection -> database.first(connection,
                CatalogRows.SESSION_SELECT + " WHERE s.uuid = ?", rows::session, uuid));
    }

    @Override
    public Optional<Session> findSession(String sessionLocator) {
        int colon = sessionLocator.lastIndexOf(':');
        if (colon < 0 || !Ulid.isValid(sessionLocator.substring(colon + 1))) {
            return Optional.empty();
        }
        String sequence = sessionLocator.substring(0, colon);
        String ulid = Ulid.parse(sessionLocator.substring(colon + 1)).toString();
        return database.read("find session `" + sessionLocator + "`", connection -> database.first(connection,
                CatalogRows.SESSION_SELECT + " WHERE s.ulid = ? AND q.locator = ?", rows::session, ulid, sequence));
    }

    @Override
    public List<Session> listSessions(long sequenceId) {
        return database.read("list sessions of sequence " + sequenceId, connection -> database.list(connection,
                CatalogRows.SESSION_SELECT + " WHERE s.sequence_id = ? ORDER BY s.created_at_ms, s.id", rows::session,
                sequenceId));
    }

    @Override
    public boolean finalizeSession(long sessionId) {
        return database.write("finalize session " + sessionId, connection -> {
            if (database.update(connection, finalizeSession, sessionId) == 0) {
                return false;
            }
            database.update(connection, "UPDATE topic SET locked = TRUE WHERE session_id = ?", sessionId);
            return true;
        });
    }

    @Override
    public boolean deleteSession(long sessionId) {
        return database.read("delete session " + sessionId,
                connection -> database.update(connection, "DELETE FROM session WHERE id = ?", sessionId) > 0);
    }

    @Override
    public Topic createTopic(NewTopic topic) {
        return database.write("create topic `" + topic.locator() + "`", connection -> {
            Optional<Topic> created = database.first(connection, insertTopic, rows::topic, UUID.randomUUID(),
                    topic.locator(), ReversedLocator.of(topic.locator()), topic.userMetadataJson(), topic.folder(),
                    topic.serializationFormat(), topic.ontologyTag().orElse(null), topic.sessionId());
            if (created.isEmpty()) {
                if (findTopic(connection, "locator", topic.locator()).isPresent()) {
                    throw new AlreadyExistsException("Topic", topic.locator());
                }
                if (database.first(connection, "SELECT 1 FROM session WHERE id = ? AND completed_at_ms IS NOT NULL",
                        row -> true, topic.sessionId()).isPresent()) {
                    throw new SessionFinalizedException("cannot create topic `" + topic.locator() + "`: session "
                            + topic.sessionId() + " is finalized");
                }
                throw new ConcurrentDeletionException("cannot create topic `" + topic.locator() + "`: session "
                        + topic.sessionId() + " does not exist", null);
            }
            metadataIndex.add(connection, MetadataOwner.TOPIC, created.get().id());
            return created.get();
        });
    }

    @Override
    public Optional<Topic> findTopic(long topicId) {
        return database.read("find topic " + topicId, connection -> findTopic(connection, "id", topicId));
    }

    @Override
    public Optional<Topic> findTopic(UUID uuid) {
        return database.read("find topic " + uuid, connection -> findTopic(connection, "uuid", uuid));
    }

    @Override
    public Optional<Topic> findTopicByLocator(String locator) {
        return database.read("find topic `" + locator + "`", connection -> findTopic(connection, "locator", locator));
    }

    private Optional<Topic> findTopic(Connection connection, String keyColumn, Object key) throws SQLException {
        return database.first(connection, CatalogRows.TOPIC_SELECT + " WHERE " + keyColumn + " = ?", rows::topic, key);
    }

    @Override
    public List<Topic> listTopics() {
        return database.read("list topics",
                connection -> database.list(connection, CatalogRows.TOPIC_SELECT + " ORDER BY locator", rows::topic));
    }

    @Override
    public List<Topic> listTopicsOfSequence(long sequenceId) {
        return database.read("list topics of sequence " + sequenceId, connection -> database.list(connection,
                CatalogRows.TOPIC_SELECT + " WHERE sequence_id = ? ORDER BY locator", rows::topic, sequenceId));
    }

    @Override
    public void summarizeTopics(TopicSelection selection, Consumer<TopicSummary> each) {
        summaries.each(selection, each);
    }

    @Override
    public List<Topic> listTopicsOfSession(long sessionId) {
        return database.read("list topics of session " + sessionId, connection -> database.list(connection,
                CatalogRows.TOPIC_SELECT + " WHERE session_id = ? ORDER BY locator", rows::topic, sessionId));
    }

    @Override
    public boolean markUploadComplete(long topicId) {
        return database.write("complete the upload of topic " + topicId, connection -> {
            if (database.update(connection, completeUpload, topicId) == 0) {
                return false;
            }
            chunks.summarize(connection, topicId);
            return true;
        });
    }

    @Override
    public boolean deleteTopic(long topicId) {
        return database.read("delete topic " + topicId,
                connection -> database.update(connection, "DELETE FROM topic WHERE id = ?", topicId) > 0);
    }

    @Override
    public Chunk addChunk(long topicId, NewChunk chunk) {
        return database.write("add chunk `" + chunk.objectKey() + "` to topic " + topicId, connection -> {
            Chunk added = chunks.insert(connection, topicId, chunk);
            chunks.summarize(connection, topicId); // a chunk added to a completed topic widens its summary
            return added;
        });
    }

    @Override
    public List<Chunk> listChunks(long topicId) {
        return database.read("list chunks of topic " + topicId, connection -> database.list(connection,
                CHUNK_SELECT + " WHERE topic_id = ? ORDER BY ordinal", rows::chunk, topicId));
    }

    @Override
    public List<Chunk> listChunks(long topicId, long startNs, long endNs) {
        return database.read("list chunks of topic " + topicId + " in [" + startNs + ", " + endNs + ")",
                connection -> database.list(connection, CHUNK_SELECT
                        + " WHERE topic_id = ? AND min_timestamp_ns < ? AND max_timestamp_ns >= ? ORDER BY ordinal",
                        rows::chunk, topicId, endNs, startNs));
    }

    @Override
    public List<ColumnStats> columnStats(long chunkId) {
        return database.read("read the column statistics of chunk " + chunkId,
                connection -> chunks.stats(connection, chunkId));
    }

    @Override
    public Map<Long, List<ColumnStats>> columnStats(Collection<Long> topicIds, Set<String> columnPaths) {
        Map<Long, List<ColumnStats>> byChunk = new HashMap<>();
        if (!columnPaths.isEmpty()) {
            for (List<Long> ids : TopicBatches.of(topicIds)) {
                byChunk.putAll(database.read("read the column statistics of the chunks of " + ids.size() + " topics",
                        connection -> chunks.stats(connection, ids, columnPaths)));
            }
        }
        return byChunk;
    }

    @Override
    public Map<Long, List<Chunk>> listChunks(Collection<Long> topicIds) {
        Map<Long, List<Chunk>> byTopic = new HashMap<>();
        for (List<Long> ids : TopicBatches.of(topicIds)) {
            String sql = CHUNK_SELECT + " WHERE topic_id IN (" + TopicBatches.placeholders(ids.size())
                    + ") ORDER BY topic_id, ordinal";
            List<Chunk> listed = database.read("list chunks of " + ids.size() + " topics",
                    connection -> database.list(connection, sql, rows::chunk, ids.toArray()));
            listed.forEach(chunk -> byTopic.computeIfAbsent(chunk.topicId(), id -> new ArrayList<>()).add(chunk));
        }
        topicIds.forEach(id -> byTopic.putIfAbsent(id, List.of()));
        return byTopic;
    }

    @Override
    public Set<Long> chunksWithNulls(long topicId, String columnPath) {
        return database.read("find the chunks of topic " + topicId + " with nulls in " + columnPath,
                connection -> chunks.withNulls(connection, topicId, columnPath));
    }

    @Override
    public Notification addNotification(NotificationTarget target, String type, String message) {
        Long sequenceId = target.kind() == NotificationTarget.Kind.SEQUENCE ? target.id() : null;
        Long topicId = target.kind() == NotificationTarget.Kind.TOPIC ? target.id() : null;
        return database.read("add a notification to " + target, connection -> database.first(connection,
                insertNotification, JdbcCatalog::notification, sequenceId, topicId, type, message).orElseThrow());
    }

    @Override
    public List<Notification> listNotifications(NotificationTarget target) {
        return database.read("list the notifications of " + target, connection -> database.list(connection,
                "SELECT " + NOTIFICATION_COLUMNS + " FROM notification WHERE " + targetColumn(target)
                        + " = ? ORDER BY created_at_ms, id", JdbcCatalog::notification, target.id()));
    }

    @Override
    public int purgeNotifications(NotificationTarget target) {
        return database.read("purge the notifications of " + target, connection -> database.update(connection,
                "DELETE FROM notification WHERE " + targetColumn(target) + " = ?", target.id()));
    }

    private static String targetColumn(NotificationTarget target) {
        return target.kind() == NotificationTarget.Kind.SEQUENCE ? "sequence_id" : "topic_id";
    }

    private static Notification notification(ResultSet row) throws SQLException {
        long sequenceId = row.getLong("sequence_id");
        NotificationTarget target = row.wasNull()
                ? NotificationTarget.topic(row.getLong("topic_id")) : NotificationTarget.sequence(sequenceId);
        return new Notification(row.getLong("id"), target, row.getString("notification_type"),
                row.getString("message"), Rows.instant(row, "created_at_ms"));
    }
}
