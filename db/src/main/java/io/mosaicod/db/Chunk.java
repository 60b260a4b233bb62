package io.mosaicod.db;

import java.util.OptionalLong;
import java.util.UUID;

/** One Parquet file of a topic, as the repository records it (its column statistics are loaded apart). */
public record Chunk(long id, UUID uuid, long topicId, int ordinal, String objectKey, long sizeBytes,
                    long arrowSizeBytes, long rowCount, OptionalLong minTimestampNs, OptionalLong maxTimestampNs,
                    boolean sorted) {
}
