package io.mosaicod.db;

import java.time.Duration;
import java.util.List;
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
    default Optional<Chunk> addChunk(UploadClaim claim, NewChunk chunk) {
        ChunksAdded added = addChunks(List.of(new ClaimedChunks(claim, List.of(chunk)))).get(0);
        return switch (added.outcome()) {
            case ADDED -> Optional.of(added.chunks().get(0));
            case CLAIM_LOST -> Optional.empty();
            case TOPIC_DELETED -> throw new ConcurrentDeletionException("cannot add a chunk to topic "
                    + claim.topicId() + ": it was deleted meanwhile", null);
        };
    }

    /**
     * Records the chunks of several uploads in one transaction, so that they share one commit (group commit):
     * for each upload whose claim is held, its chunks with their column statistics, and a renewal of its claim.
     * An upload whose claim is lost or whose topic was deleted records nothing; the others are unaffected.
     *
     * @return one outcome per element of {@code uploads}, in the same order
     */
    List<ChunksAdded> addChunks(List<ClaimedChunks> uploads);

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
