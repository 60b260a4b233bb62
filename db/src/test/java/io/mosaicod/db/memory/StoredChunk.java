package io.mosaicod.db.memory;

import io.mosaicod.db.Chunk;
import io.mosaicod.db.ColumnStats;
import java.util.Comparator;
import java.util.List;

/** A chunk row with its column statistics, kept by column path as the databases return them. */
record StoredChunk(Chunk chunk, List<ColumnStats> stats) {
    StoredChunk {
        stats = stats.stream().sorted(Comparator.comparing(ColumnStats::columnPath)).toList();
    }
}
