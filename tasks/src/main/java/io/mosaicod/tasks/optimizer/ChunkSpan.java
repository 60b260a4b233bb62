package io.mosaicod.tasks.optimizer;

import java.util.Objects;

/**
 * What the rewrite planner knows of one chunk, all from the repository (no I/O).
 *
 * @param ordinal        the chunk's position in the topic's input order (ties in time keep this order)
 * @param minTimestampNs smallest non-null {@code timestamp_ns}, or null when the chunk has no timestamp
 * @param maxTimestampNs largest non-null {@code timestamp_ns}, or null when the chunk has no timestamp
 * @param sorted         rows are in {@code timestamp_ns} order, nulls last
 * @param hasNullTimestamp some row has a null {@code timestamp_ns}
 */
public record ChunkSpan(int ordinal, String objectKey, long sizeBytes, long arrowSizeBytes, long rowCount,
                        Long minTimestampNs, Long maxTimestampNs, boolean sorted, boolean hasNullTimestamp) {
    public ChunkSpan {
        Objects.requireNonNull(objectKey, "objectKey");
        if ((minTimestampNs == null) != (maxTimestampNs == null)) {
            throw new IllegalArgumentException("chunk " + objectKey + ": min and max timestamp must both be set or both be null");
        }
    }

    boolean hasTimestamps() {
        return minTimestampNs != null;
    }
}
