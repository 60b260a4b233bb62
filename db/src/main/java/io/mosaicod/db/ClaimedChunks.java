package io.mosaicod.db;

import java.util.List;

/**
 * Chunks of one upload to record under its claim, in ordinal order.
 *
 * @param claim  the upload's claim on its topic
 * @param chunks the chunks, whose objects are already durable in the store
 */
public record ClaimedChunks(UploadClaim claim, List<NewChunk> chunks) {
    public ClaimedChunks {
        chunks = List.copyOf(chunks);
    }
}
