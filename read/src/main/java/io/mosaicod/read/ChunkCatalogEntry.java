package io.mosaicod.read;

import io.mosaicod.db.Chunk;
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

/**
 * Translates between what the codec reports of a written chunk and the row the repository records for it
 * (both ways: the optimizer hands a recorded chunk back to the codec when it copies its row groups).
 */
public final class ChunkCatalogEntry {
    private ChunkCatalogEntry() {
    }

    public static NewChunk of(int ordinal, String objectKey, ChunkSummary summary) {
        return new NewChunk(ordinal, objectKey, summary.sizeBytes(), summary.arrowSizeBytes(), summary.rowCount(),
                optional(summary.minTimestampNs()), optional(summary.maxTimestampNs()), summary.sortedByTimestamp(),
                columnStats(summary.columnStatistics()));
    }

    /** The codec's summary of a recorded chunk, from its repository row and column statistics. */
    public static ChunkSummary summaryOf(Chunk chunk, List<ColumnStats> stats) {
        List<ColumnStatistics> columns = new ArrayList<>(stats.size());
        for (ColumnStats s : stats) {
            if (s instanceof NumericColumnStats n) {
                columns.add(new ColumnStatistics.Numeric(n.columnPath(), boxed(n.min()), boxed(n.max()), n.hasNull(),
                        n.hasNan()));
            } else if (s instanceof TextColumnStats t) {
                columns.add(new ColumnStatistics.Text(t.columnPath(), t.min().orElse(null), t.max().orElse(null),
                        t.hasNull()));
            }
        }
        return new ChunkSummary(chunk.sizeBytes(), chunk.arrowSizeBytes(), chunk.rowCount(),
                boxed(chunk.minTimestampNs()), boxed(chunk.maxTimestampNs()), chunk.sorted(), columns);
    }

    private static Long boxed(OptionalLong value) {
        return value.isPresent() ? value.getAsLong() : null;
    }

    private static Double boxed(OptionalDouble value) {
        return value.isPresent() ? value.getAsDouble() : null;
    }

    private static List<ColumnStats> columnStats(List<ColumnStatistics> statistics) {
        List<ColumnStats> out = new ArrayList<>(statistics.size());
        for (ColumnStatistics s : statistics) {
            if (s instanceof ColumnStatistics.Numeric n) {
                out.add(new NumericColumnStats(n.path(), optional(n.min()), optional(n.max()), n.hasNull(), n.hasNan()));
            } else if (s instanceof ColumnStatistics.Text t) {
                out.add(new TextColumnStats(t.path(), Optional.ofNullable(t.min()), Optional.ofNullable(t.max()),
                        t.hasNull()));
            }
        }
        return out;
    }

    private static OptionalLong optional(Long value) {
        return value == null ? OptionalLong.empty() : OptionalLong.of(value);
    }

    private static OptionalDouble optional(Double value) {
        return value == null ? OptionalDouble.empty() : OptionalDouble.of(value);
    }
}
