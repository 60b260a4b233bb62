package io.mosaicod.server.ingest;

import io.mosaicod.db.ColumnStats;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.NumericColumnStats;
import io.mosaicod.db.TextColumnStats;
import io.mosaicod.format.ChunkSummary;
import io.mosaicod.format.ColumnStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/** What the repository records of a chunk the codec wrote: its summary and column statistics. */
final class ChunkRecords {
    private ChunkRecords() {
    }

    static NewChunk newChunk(int ordinal, String objectKey, ChunkSummary summary) {
        List<ColumnStats> stats = new ArrayList<>(summary.columnStatistics().size());
        for (ColumnStatistics column : summary.columnStatistics()) {
            stats.add(toRepository(column));
        }
        return new NewChunk(ordinal, objectKey, summary.sizeBytes(), summary.arrowSizeBytes(), summary.rowCount(),
                optional(summary.minTimestampNs()), optional(summary.maxTimestampNs()), summary.sortedByTimestamp(),
                stats);
    }

    static ColumnStats toRepository(ColumnStatistics column) {
        if (column instanceof ColumnStatistics.Numeric n) {
            return new NumericColumnStats(n.path(), optional(n.min()), optional(n.max()), n.hasNull(), n.hasNan());
        }
        ColumnStatistics.Text t = (ColumnStatistics.Text) column;
        return new TextColumnStats(t.path(), Optional.ofNullable(t.min()), Optional.ofNullable(t.max()), t.hasNull());
    }

    private static OptionalLong optional(Long value) {
        return value == null ? OptionalLong.empty() : OptionalLong.of(value);
    }

    private static OptionalDouble optional(Double value) {
        return value == null ? OptionalDouble.empty() : OptionalDouble.of(value);
    }
}
