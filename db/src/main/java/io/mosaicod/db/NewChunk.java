package io.mosaicod.db;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A chunk about to be recorded. {@code ordinal} is its position within the topic (0, 1, ...), unique per
 * topic; {@code sorted} says whether its rows are in {@code timestamp_ns} order.
 */
public record NewChunk(int ordinal, String objectKey, long sizeBytes, long arrowSizeBytes, long rowCount,
                       OptionalLong minTimestampNs, OptionalLong maxTimestampNs, boolean sorted,
                       List<ColumnStats> columnStats) {
    public NewChunk {
        Objects.requireNonNull(objectKey, "objectKey");
        Objects.requireNonNull(minTimestampNs, "minTimestampNs");
        Objects.requireNonNull(maxTimestampNs, "maxTimestampNs");
        columnStats = List.copyOf(columnStats);
    }
}
