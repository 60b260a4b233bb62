package io.mosaicod.db;

import java.util.Collection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Sequences, sessions, topics and their chunks. Locators are stored as given; validating them is the
 * caller's job. Deleting a sequence, session or topic deletes everything that belongs to it.
 */
public interface Catalog {

    /** @throws AlreadyExistsException if a sequence with this locator exists */
    Sequence createSequence(String locator, String userMetadataJson, String folder);

    Optional<Sequence> findSequence(String locator);

    /** All sequences, by locator. */
    default List<Sequence> listSequences() {
        List<Sequence> all = new ArrayList<>();
        eachSequence(all::add);
        return all;
    }

    /**
     * Hands {@code each} every sequence, by locator, as the repository reads them: one statement whatever the
     * count, and none held in memory (ListFlights of a year of recordings).
     */
    void eachSequence(Consumer<Sequence> each);

    /** @return false if there was no such sequence */
    boolean deleteSequence(long sequenceId);

    /** Opens a new session in a sequence, with a fresh uuid and ULID. */
    Session createSession(long sequenceId);

    Optional<Session> findSession(UUID uuid);

    /** Finds a session by its locator {@code <sequence>:<ULID>}; empty if malformed or unknown. */
    Optional<Session> findSession(String sessionLocator);

    /** The sessions of a sequence, oldest first. */
    List<Session> listSessions(long sequenceId);

    /**
     * Marks the session completed and locks its topics.
     *
     * @return false if the session does not exist or was already finalized (then nothing changes)
     */
    boolean finalizeSession(long sessionId);

    boolean deleteSession(long sessionId);

    /**
     * @throws AlreadyExistsException if a topic with this locator exists, in any session
     * @throws SessionFinalizedException if the session is finalized, even by a request after the caller looked
     */
    Topic createTopic(NewTopic topic);

    Optional<Topic> findTopic(long topicId);

    Optional<Topic> findTopic(UUID uuid);

    Optional<Topic> findTopicByLocator(String locator);

    /** All topics, by locator. */
    List<Topic> listTopics();

    List<Topic> listTopicsOfSequence(long sequenceId);

    /**
     * Hands {@code each} the summary of every selected topic, by locator, as the repository reads them: one
     * statement whatever the count, and none held in memory.
     */
    void summarizeTopics(TopicSelection selection, Consumer<TopicSummary> each);

    List<Topic> listTopicsOfSession(long sessionId);

    /**
     * Records that the topic's upload stream ended normally. Its first and last {@code timestamp_ns} are
     * taken from its chunks, so they can never disagree with them, as is the summary of their column statistics
     * that search selects topics by.
     *
     * @return false if the topic does not exist or its upload was already complete
     */
    boolean markUploadComplete(long topicId);

    boolean deleteTopic(long topicId);

    /** Adds one chunk and its column statistics atomically. */
    Chunk addChunk(long topicId, NewChunk chunk);

    /** The topic's chunks in ordinal order. */
    List<Chunk> listChunks(long topicId);

    /**
     * The topic's chunks, in ordinal order, whose time range overlaps {@code [startNs, endNs)}; pass
     * {@link Long#MIN_VALUE} / {@link Long#MAX_VALUE} for an open bound. Chunks without any timestamp
     * never overlap.
     */
    List<Chunk> listChunks(long topicId, long startNs, long endNs);

    /** The column statistics of a chunk, by column path. */
    List<ColumnStats> columnStats(long chunkId);

    /**
     * The statistics of columns {@code columnPaths} of every chunk of the topics, by chunk id, in one query per
     * few hundred topics; a chunk without statistics for any of them is absent.
     */
    Map<Long, List<ColumnStats>> columnStats(Collection<Long> topicIds, Set<String> columnPaths);

    /** The chunks of each of the topics, in ordinal order, by topic id, in one query per few hundred topics. */
    Map<Long, List<Chunk>> listChunks(Collection<Long> topicIds);

    /** Ids of the topic's chunks whose statistics say column {@code columnPath} holds a null, in one query. */
    Set<Long> chunksWithNulls(long topicId, String columnPath);

    Notification addNotification(NotificationTarget target, String type, String message);

    /** Oldest first. */
    List<Notification> listNotifications(NotificationTarget target);

    /** @return how many notifications were deleted */
    int purgeNotifications(NotificationTarget target);
}
