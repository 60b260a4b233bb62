package io.mosaicod.format;

import java.util.List;

/**
 * What a finished chunk holds, as the repository records it.
 *
 * @param sizeBytes            bytes of the Parquet file
 * @param arrowSizeBytes       sum of the Arrow buffer sizes of the batches written
 * @param rowCount             rows written
 * @param minTimestampNs       smallest non-null {@code timestamp_ns}, or null when there is none
 * @param maxTimestampNs       largest non-null {@code timestamp_ns}, or null when there is none
 * @param sortedByTimestamp    whether rows came in non-decreasing {@code timestamp_ns} order (nulls last);
 *                             false when the schema has no {@code timestamp_ns} column
 * @param columnStatistics     per-column statistics, in schema order (binary columns have none)
 */
public record ChunkSummary(long sizeBytes, long arrowSizeBytes, long rowCount, Long minTimestampNs,
                           Long maxTimestampNs, boolean sortedByTimestamp, List<ColumnStatistics> columnStatistics) {

    public ChunkSummary {
        columnStatistics = List.copyOf(columnStatistics);
    }

    /** The statistics reported under {@code path}, or null. */
    public ColumnStatistics statistics(String path) {
        for (ColumnStatistics s : columnStatistics) {
            if (s.path().equals(path)) {
                return s;
            }
        }
        return null;
    }
}
