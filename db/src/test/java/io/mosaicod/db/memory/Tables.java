package io.mosaicod.db.memory;

import io.mosaicod.db.ApiKeyRecord;
import io.mosaicod.db.CleanupRun;
import io.mosaicod.db.ConcurrentDeletionException;
import io.mosaicod.db.Instance;
import io.mosaicod.db.Notification;
import io.mosaicod.db.NotificationTarget;
import io.mosaicod.db.OptimizationRun;
import io.mosaicod.db.RetiredFolder;
import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Session;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The in-memory repository's state: one map per table, the id sequence and the clock. Every operation of
 * the repository runs while holding this object's monitor, which makes each one a transaction: none sees
 * another half done, and acquisitions from many threads exclude each other as on a database.
 */
final class Tables {
    final Map<Long, Sequence> sequences = new HashMap<>();
    final Map<Long, Session> sessions = new HashMap<>();
    final Map<Long, TopicRow> topics = new HashMap<>();
    final Map<Long, StoredChunk> chunks = new HashMap<>();
    final Map<Long, Notification> notifications = new HashMap<>();
    /** The optimization queue, by topic id. */
    final Map<Long, QueueEntry> queue = new HashMap<>();
    final Map<Long, OptimizationRun> runs = new HashMap<>();
    final Map<Long, CleanupRun> cleanupRuns = new HashMap<>();
    final Map<Long, Instance> instances = new HashMap<>();
    /** API keys by fingerprint. */
    final Map<String, ApiKeyRecord> apiKeys = new HashMap<>();
    /** The cleanup's retired folders, by name. */
    final Map<String, RetiredFolder> retired = new TreeMap<>();
    /** Who holds the cleanup lease; null while nobody does. */
    RoutineLease cleanupLease;

    private long lastId;
    private long clockOffsetMs;

    /** Ids are unique across tables and never reused, as a database's identity columns are within one. */
    long nextId() {
        return ++lastId;
    }

    /**
     * The repository's clock: the system clock in whole milliseconds (what the databases store), plus however
     * far a test moved it forward. It runs on its own, so lease renewal timers meet real expiries.
     */
    Instant now() {
        return Instant.ofEpochMilli(System.currentTimeMillis() + clockOffsetMs);
    }

    /** Moves the clock forward to {@code time}, or just past it: it reads whole milliseconds. */
    void moveClockTo(Instant time) {
        long behindNanos = Duration.between(now(), time).toNanos();
        if (behindNanos > 0) {
            clockOffsetMs += (behindNanos + 999_999) / 1_000_000;
        }
    }

    void clear() {
        sequences.clear();
        sessions.clear();
        topics.clear();
        chunks.clear();
        notifications.clear();
        queue.clear();
        runs.clear();
        cleanupRuns.clear();
        instances.clear();
        apiKeys.clear();
        retired.clear();
        cleanupLease = null;
    }

    /** What a database's foreign key says about a write to a row a concurrent request deleted. */
    static ConcurrentDeletionException deletedMeanwhile(String operation) {
        return new ConcurrentDeletionException("cannot " + operation + ": what it refers to was deleted meanwhile",
                null);
    }

    // ---------------------------------------------------------------- the V8 migration's triggers

    boolean isReferenced(String folder) {
        return sequences.values().stream().anyMatch(s -> s.folder().equals(folder))
                || topics.values().stream().anyMatch(t -> t.folder.equals(folder))
                || queue.values().stream().anyMatch(e -> folder.equals(e.freshFolder));
    }

    /** Records a folder whose reference just ended, if nothing else references it; a later retirement wins. */
    void retire(String folder, String reason) {
        if (folder != null && !isReferenced(folder)) {
            retired.put(folder, new RetiredFolder(folder, now(), reason));
        }
    }

    /** The optimizer's commit: the topic moves to the lease's fresh folder, the old one is retired. */
    void switchFolder(TopicRow topic, String freshFolder) {
        String old = topic.folder;
        topic.folder = Objects.requireNonNull(freshFolder);
        retire(old, "topic optimized into another folder");
    }

    /** A queue row goes: its fresh folder, if it has one nothing else references, is retired. */
    QueueEntry dequeue(long topicId) {
        QueueEntry entry = queue.remove(topicId);
        if (entry != null) {
            retire(entry.freshFolder, "optimization ended");
        }
        return entry;
    }

    // ---------------------------------------------------------------- ON DELETE CASCADE

    void deleteSequence(long sequenceId) {
        Sequence sequence = sequences.remove(sequenceId);
        notifications.values().removeIf(n -> n.target().equals(NotificationTarget.sequence(sequenceId)));
        sessions.values().stream().filter(s -> s.sequenceId() == sequenceId).map(Session::id).toList()
                .forEach(this::deleteSession);
        if (sequence != null) {
            retire(sequence.folder(), "sequence deleted");
        }
    }

    void deleteSession(long sessionId) {
        sessions.remove(sessionId);
        topics.values().stream().filter(t -> t.sessionId == sessionId).map(t -> t.id).toList()
                .forEach(this::deleteTopic);
    }

    void deleteTopic(long topicId) {
        TopicRow topic = topics.remove(topicId);
        deleteChunksOf(topicId);
        notifications.values().removeIf(n -> n.target().equals(NotificationTarget.topic(topicId)));
        dequeue(topicId);
        if (topic != null) {
            retire(topic.folder, "topic deleted");
        }
        runs.values().removeIf(r -> r.topicId() == topicId);
    }

    void deleteChunksOf(long topicId) {
        chunks.values().removeIf(c -> c.chunk().topicId() == topicId);
    }

    /** The topic's failed runs that count towards giving up, oldest first: those since an operator cleared them. */
    List<OptimizationRun> countedFailures(TopicRow topic) {
        return runs.values().stream()
                .filter(r -> r.topicId() == topic.id && r.outcome() == RunOutcome.FAILED
                        && r.id() > topic.failuresClearedThroughRunId)
                .sorted(Comparator.comparingLong(OptimizationRun::id)).toList();
    }
}
