package io.mosaicod.db;

import java.time.Duration;
import java.util.Optional;

/**
 * Which upload may write a topic, across every server that shares the repository: at most one at a time. A
 * claim is taken before the upload writes anything to the store and ends when the upload completes, fails or
 * is cancelled. Its holder renews it while the upload runs; a claim not renewed for its duration (its server
 * died or lost the database) expires, judged by the database clock, and the topic may be claimed again — unless
 * the dead upload left chunks, which refuses every later claim as a topic with chunks always does.
 *
 * <p>The chunks and the completion of an upload are recorded only while its claim is held (fencing), so the
 * repository never mixes two uploads in one topic.
 */
public interface UploadClaims {

    /**
     * Claims the topic for one upload, in one atomic step, if its upload may start: the topic exists, its upload
     * is not complete, it is not locked, it holds no chunk, and no unexpired claim is held on it.
     *
     * @param duration how long the claim lasts unless renewed
     * @return empty if the upload may not start (the caller reads the topic to say why)
     */
    Optional<UploadClaim> claim(long topicId, Duration duration);

    /**
     * Whether an unexpired claim is held on the topic: an upload is running (or its server died less than a claim's
     * duration ago). For telling why {@link #claim} refused; the answer may be stale by the time it arrives.
     */
    boolean isClaimed(long topicId);

    /**
     * Extends the claim to database-now + its duration. A claim that expired but that nobody claimed again is
     * still held: no other upload can have written the topic meanwhile.
     *
     * @return false once the claim is no longer held: another upload claimed the topic after it expired, or it
     *         ended (released, completed)
     * @throws ConcurrentDeletionException if the topic was deleted
     */
    boolean renew(UploadClaim claim);

    /**
     * Adds one chunk and its column statistics, and renews the claim, in one transaction, if the claim is held.
     *
     * @return the chunk, or empty if the claim is no longer held (nothing was written)
     * @throws ConcurrentDeletionException if the topic was deleted
     */
    Optional<Chunk> addChunk(UploadClaim claim, NewChunk chunk);

    /**
     * Records that the upload is complete (as {@link Catalog#markUploadComplete} does) and ends the claim, in one
     * step, if the claim is held.
     *
     * @return false if the claim is no longer held (nothing changed)
     * @throws ConcurrentDeletionException if the topic was deleted
     */
    boolean complete(UploadClaim claim);

    /** Ends the claim of an upload that failed or was cancelled; does nothing once it is no longer held. */
    void release(UploadClaim claim);
}
