package io.mosaicod.db.memory;

import io.mosaicod.core.Ulid;
import io.mosaicod.db.AlreadyExistsException;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.ColumnStats;
import io.mosaicod.db.ConcurrentDeletionException;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.NewTopic;
import io.mosaicod.db.Notification;
import io.mosaicod.db.NotificationTarget;
import io.mosaicod.db.RepositoryException;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.SessionFinalizedException;
import io.mosaicod.db.Session;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.Topic;
import io.mosaicod.db.TopicSelection;
import io.mosaicod.db.TopicSummary;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

final class InMemoryCatalog implements Catalog {
    private static final Comparator<Session> OLDEST_FIRST =
            Comparator.comparing(Session::createdAt).thenComparing(Session::id);

    private final Tables tables;

    InMemoryCatalog(Tables tables) {
        this.tables = tables;
    }

    @Override
    public Sequence createSequence(String locator, String userMetadataJson, String folder) {
        synchronized (tables) {
            if (findSequence(locator).isPresent()) {
                throw new AlreadyExistsException("Sequence", locator);
            }
            if (tables.sequences.values().stream().anyMatch(s -> s.folder().equals(folder))) {
                throw new RepositoryException("cannot create sequence `" + locator + "`: folder " + folder
                        + " belongs to another sequence");
            }
            Sequence sequence = new Sequence(tables.nextId(), UUID.randomUUID(), locator, userMetadataJson, folder,
                    tables.now());
            tables.sequences.put(sequence.id(), sequence);
            return sequence;
        }
    }

    @Override
    public Optional<Sequence> findSequence(String locator) {
        synchronized (tables) {
            return tables.sequences.values().stream().filter(s -> s.locator().equals(locator)).findFirst();
        }
    }

    @Override
    public void eachSequence(Consumer<Sequence> each) {
        List<Sequence> sorted;
        synchronized (tables) {
            sorted = tables.sequences.values().stream().sorted(Comparator.comparing(Sequence::locator)).toList();
        }
        sorted.forEach(each);
    }

    @Override
    public boolean deleteSequence(long sequenceId) {
        synchronized (tables) {
            boolean existed = tables.sequences.containsKey(sequenceId);
            tables.deleteSequence(sequenceId);
            return existed;
        }
    }

    @Override
    public Session createSession(long sequenceId) {
        synchronized (tables) {
            Sequence sequence = tables.sequences.get(sequenceId);
            if (sequence == null) {
                throw Tables.deletedMeanwhile("create a session in sequence " + sequenceId);
            }
            Session session = new Session(tables.nextId(), UUID.randomUUID(), sequenceId, sequence.locator(),
                    Ulid.generate(), tables.now(), Optional.empty());
            tables.sessions.put(session.id(), session);
            return session;
        }
    }

    @Override
    public Optional<Session> findSession(UUID uuid) {
        return firstSession(s -> s.uuid().equals(uuid));
    }

    @Override
    public Optional<Session> findSession(String sessionLocator) {
        int colon = sessionLocator.lastIndexOf(':');
        if (colon < 0 || !Ulid.isValid(sessionLocator.substring(colon + 1))) {
            return Optional.empty();
        }
        String sequence = sessionLocator.substring(0, colon);
        Ulid ulid = Ulid.parse(sessionLocator.substring(colon + 1));
        return firstSession(s -> s.ulid().equals(ulid) && s.sequenceLocator().equals(sequence));
    }

    private Optional<Session> firstSession(Predicate<Session> condition) {
        synchronized (tables) {
            return tables.sessions.values().stream().filter(condition).findFirst();
        }
    }

    @Override
    public List<Session> listSessions(long sequenceId) {
        synchronized (tables) {
            return tables.sessions.values().stream().filter(s -> s.sequenceId() == sequenceId).sorted(OLDEST_FIRST)
                    .toList();
        }
    }

    @Override
    public boolean finalizeSession(long sessionId) {
        synchronized (tables) {
            Session session = tables.sessions.get(sessionId);
            if (session == null || session.isFinalized()) {
                return false;
            }
            tables.sessions.put(sessionId, new Session(session.id(), session.uuid(), session.sequenceId(),
                    session.sequenceLocator(), session.ulid(), session.createdAt(), Optional.of(tables.now())));
            tables.topics.values().stream().filter(t -> t.sessionId == sessionId).forEach(t -> t.locked = true);
            return true;
        }
    }

    @Override
    public boolean deleteSession(long sessionId) {
        synchronized (tables) {
            boolean existed = tables.sessions.containsKey(sessionId);
            tables.deleteSession(sessionId);
            return existed;
        }
    }

    @Override
    public Topic createTopic(NewTopic topic) {
        synchronized (tables) {
            Session session = tables.sessions.get(topic.sessionId());
            if (session == null) {
                throw new ConcurrentDeletionException("cannot create topic `" + topic.locator() + "`: session "
                        + topic.sessionId() + " does not exist", null);
            }
            if (findTopicRow(t -> t.locator().equals(topic.locator())).isPresent()) {
                throw new AlreadyExistsException("Topic", topic.locator());
            }
            if (session.isFinalized()) {
                throw new SessionFinalizedException("cannot create topic `" + topic.locator() + "`: session "
                        + topic.sessionId() + " is finalized");
            }
            if (findTopicRow(t -> t.folder.equals(topic.folder())).isPresent()) {
                throw new RepositoryException("cannot create topic `" + topic.locator() + "`: folder "
                        + topic.folder() + " belongs to another topic");
            }
            TopicRow row = new TopicRow(tables.nextId(), session.sequenceId(), topic, tables.now());
            tables.topics.put(row.id, row);
            return row.toTopic();
        }
    }

    @Override
    public Optional<Topic> findTopic(long topicId) {
        return findTopic(t -> t.id == topicId);
    }

    @Override
    public Optional<Topic> findTopic(UUID uuid) {
        return findTopic(t -> t.uuid.equals(uuid));
    }

    @Override
    public Optional<Topic> findTopicByLocator(String locator) {
        return findTopic(t -> t.locator().equals(locator));
    }

    private Optional<Topic> findTopic(Predicate<TopicRow> condition) {
        synchronized (tables) {
            return findTopicRow(condition).map(TopicRow::toTopic);
        }
    }

    private Optional<TopicRow> findTopicRow(Predicate<TopicRow> condition) {
        return tables.topics.values().stream().filter(condition).findFirst();
    }

    @Override
    public List<Topic> listTopics() {
        return listTopics(t -> true);
    }

    @Override
    public List<Topic> listTopicsOfSequence(long sequenceId) {
        return listTopics(t -> t.sequenceId == sequenceId);
    }

    @Override
    public void summarizeTopics(TopicSelection selection, Consumer<TopicSummary> each) {
        List<TopicSummary> selected;
        synchronized (tables) {
            Optional<Long> sequenceId = selection.sequenceLocator().map(locator -> tables.sequences.values().stream()
                    .filter(s -> s.locator().equals(locator)).map(Sequence::id).findFirst().orElse(-1L));
            selected = tables.topics.values().stream()
                    .filter(t -> sequenceId.isEmpty() || t.sequenceId == sequenceId.get())
                    .sorted(Comparator.comparing(TopicRow::locator))
                    .map(t -> summary(t, selection.maxAttempts()))
                    .filter(s -> selection.state().isEmpty() || s.shows(selection.state().get()))
                    .limit(selection.limit()).toList();
        }
        selected.forEach(each);
    }

    private TopicSummary summary(TopicRow topic, int maxAttempts) {
        List<Chunk> chunks = chunksOf(topic.id);
        QueueEntry queued = tables.queue.get(topic.id);
        boolean givenUp = maxAttempts != OptimizationQueue.NO_ATTEMPT_LIMIT
                && tables.countedFailures(topic).size() >= maxAttempts;
        return new TopicSummary(topic.toTopic(), chunks.size(), chunks.stream().mapToLong(Chunk::sizeBytes).sum(),
                chunks.stream().mapToLong(Chunk::rowCount).sum(), queued != null && queued.isLeased(), givenUp);
    }

    @Override
    public List<Topic> listTopicsOfSession(long sessionId) {
        return listTopics(t -> t.sessionId == sessionId);
    }

    private List<Topic> listTopics(Predicate<TopicRow> condition) {
        synchronized (tables) {
            return tables.topics.values().stream().filter(condition).sorted(Comparator.comparing(TopicRow::locator))
                    .map(TopicRow::toTopic).toList();
        }
    }

    @Override
    public boolean markUploadComplete(long topicId) {
        synchronized (tables) {
            TopicRow topic = tables.topics.get(topicId);
            if (topic == null || topic.uploadCompletedAt != null) {
                return false;
            }
            completeUpload(tables, topic);
            return true;
        }
    }

    /** Marks the upload complete, with the topic's time range from its chunks. */
    static void completeUpload(Tables tables, TopicRow topic) {
        List<Chunk> chunks = chunksOf(tables, topic.id);
        topic.uploadCompletedAt = tables.now();
        topic.firstTimestampNs = timestamps(chunks, Chunk::minTimestampNs).min();
        topic.lastTimestampNs = timestamps(chunks, Chunk::maxTimestampNs).max();
    }

    /** A nullable column of the chunks, without its nulls, as SQL's MIN and MAX see it. */
    private static LongStream timestamps(List<Chunk> chunks, Function<Chunk, OptionalLong> column) {
        return chunks.stream().map(column).filter(OptionalLong::isPresent).mapToLong(OptionalLong::getAsLong);
    }

    @Override
    public boolean deleteTopic(long topicId) {
        synchronized (tables) {
            boolean existed = tables.topics.containsKey(topicId);
            tables.deleteTopic(topicId);
            return existed;
        }
    }

    @Override
    public Chunk addChunk(long topicId, NewChunk chunk) {
        synchronized (tables) {
            if (!tables.topics.containsKey(topicId)) {
                throw Tables.deletedMeanwhile("add chunk `" + chunk.objectKey() + "` to topic " + topicId);
            }
            return insertChunks(tables, topicId, List.of(chunk)).get(0);
        }
    }

    /**
     * Inserts chunks of an existing topic, all or none: an ordinal taken twice fails before anything is
     * written, as the unique key (topic, ordinal) makes a database transaction roll back.
     */
    static List<Chunk> insertChunks(Tables tables, long topicId, List<NewChunk> newChunks) {
        Set<Integer> taken = tables.chunks.values().stream().map(StoredChunk::chunk)
                .filter(c -> c.topicId() == topicId).map(Chunk::ordinal).collect(Collectors.toSet());
        for (NewChunk chunk : newChunks) {
            if (!taken.add(chunk.ordinal())) {
                throw new RepositoryException("cannot add chunk `" + chunk.objectKey() + "` to topic " + topicId
                        + ": it already has a chunk of ordinal " + chunk.ordinal());
            }
        }
        return newChunks.stream().map(chunk -> {
            Chunk row = new Chunk(tables.nextId(), UUID.randomUUID(), topicId, chunk.ordinal(), chunk.objectKey(),
                    chunk.sizeBytes(), chunk.arrowSizeBytes(), chunk.rowCount(), chunk.minTimestampNs(),
                    chunk.maxTimestampNs(), chunk.sorted());
            tables.chunks.put(row.id(), new StoredChunk(row, chunk.columnStats()));
            return row;
        }).toList();
    }

    @Override
    public List<Chunk> listChunks(long topicId) {
        synchronized (tables) {
            return chunksOf(topicId);
        }
    }

    @Override
    public Map<Long, List<Chunk>> listChunks(Collection<Long> topicIds) {
        synchronized (tables) {
            Map<Long, List<Chunk>> byTopic = new HashMap<>();
            topicIds.forEach(id -> byTopic.put(id, chunksOf(id)));
            return byTopic;
        }
    }

    @Override
    public List<Chunk> listChunks(long topicId, long startNs, long endNs) {
        synchronized (tables) {
            return chunksOf(topicId).stream().filter(c -> c.minTimestampNs().isPresent()
                    && c.minTimestampNs().getAsLong() < endNs && c.maxTimestampNs().getAsLong() >= startNs).toList();
        }
    }

    private List<Chunk> chunksOf(long topicId) {
        return chunksOf(tables, topicId);
    }

    static List<Chunk> chunksOf(Tables tables, long topicId) {
        return tables.chunks.values().stream().map(StoredChunk::chunk).filter(c -> c.topicId() == topicId)
                .sorted(Comparator.comparingInt(Chunk::ordinal)).toList();
    }

    @Override
    public List<ColumnStats> columnStats(long chunkId) {
        synchronized (tables) {
            StoredChunk chunk = tables.chunks.get(chunkId);
            return chunk == null ? List.of() : chunk.stats();
        }
    }

    @Override
    public Map<Long, List<ColumnStats>> columnStats(Collection<Long> topicIds, Set<String> columnPaths) {
        synchronized (tables) {
            Map<Long, List<ColumnStats>> byChunk = new HashMap<>();
            tables.chunks.values().stream().filter(c -> topicIds.contains(c.chunk().topicId())).forEach(c -> {
                List<ColumnStats> named = c.stats().stream().filter(s -> columnPaths.contains(s.columnPath())).toList();
                if (!named.isEmpty()) {
                    byChunk.put(c.chunk().id(), named);
                }
            });
            return byChunk;
        }
    }

    @Override
    public Set<Long> chunksWithNulls(long topicId, String columnPath) {
        synchronized (tables) {
            return tables.chunks.values().stream().filter(c -> c.chunk().topicId() == topicId)
                    .filter(c -> c.stats().stream().anyMatch(s -> s.columnPath().equals(columnPath) && s.hasNull()))
                    .map(c -> c.chunk().id()).collect(Collectors.toSet());
        }
    }

    @Override
    public Notification addNotification(NotificationTarget target, String type, String message) {
        synchronized (tables) {
            boolean exists = target.kind() == NotificationTarget.Kind.SEQUENCE
                    ? tables.sequences.containsKey(target.id()) : tables.topics.containsKey(target.id());
            if (!exists) {
                throw Tables.deletedMeanwhile("add a notification to " + target);
            }
            Notification notification = new Notification(tables.nextId(), target, type, message, tables.now());
            tables.notifications.put(notification.id(), notification);
            return notification;
        }
    }

    @Override
    public List<Notification> listNotifications(NotificationTarget target) {
        synchronized (tables) {
            return tables.notifications.values().stream().filter(n -> n.target().equals(target))
                    .sorted(Comparator.comparing(Notification::createdAt).thenComparing(Notification::id)).toList();
        }
    }

    @Override
    public int purgeNotifications(NotificationTarget target) {
        synchronized (tables) {
            int before = tables.notifications.size();
            tables.notifications.values().removeIf(n -> n.target().equals(target));
            return before - tables.notifications.size();
        }
    }
}
