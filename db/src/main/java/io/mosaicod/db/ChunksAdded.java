package io.mosaicod.db;

import java.util.List;

/**
 * What {@link UploadClaims#addChunks} did for one upload.
 *
 * @param outcome whether the chunks were recorded
 * @param chunks  the recorded chunks, in the order given; empty unless {@link Outcome#ADDED}
 */
public record ChunksAdded(Outcome outcome, List<Chunk> chunks) {
    public enum Outcome {
        /** The claim was held: the chunks are recorded and the claim renewed. */
        ADDED,
        /** The claim is no longer held; nothing was written for this upload. */
        CLAIM_LOST,
        /** The topic was deleted; nothing was written for this upload. */
        TOPIC_DELETED
    }

    public ChunksAdded {
        chunks = List.copyOf(chunks);
    }

    public static ChunksAdded added(List<Chunk> chunks) {
        return new ChunksAdded(Outcome.ADDED, chunks);
    }

    public static ChunksAdded notAdded(Outcome outcome) {
        if (outcome == Outcome.ADDED) {
            throw new IllegalArgumentException("chunks reported added without rows");
        }
        return new ChunksAdded(outcome, List.of());
    }
}
