package io.mosaicod.tasks.optimizer;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.db.ColumnStats;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.RunVolume;
import io.mosaicod.format.ChunkFooter;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.util.List;

/**
 * Step 4 of DESIGN.md §6.1: before anything is committed, checks that the rewrite kept every row, that the
 * new chunks are in time order within and across files, and that each one is in the store whole and
 * readable (its footer parses and agrees with what the writer reported).
 */
final class OutputVerifier {
    private final ObjectStore store;

    OutputVerifier(ObjectStore store) {
        this.store = store;
    }

    void verify(String topicLocator, RunVolume in, TopicRewriter.Result out) throws IOException {
        if (out.volume().rows() != in.rows()) {
            throw fail(topicLocator, "the rewrite wrote " + out.volume().rows() + " rows but the topic has " + in.rows());
        }
        List<NewChunk> chunks = out.chunks();
        boolean nullsSeen = false;
        Long previousMax = null;
        for (NewChunk chunk : chunks) {
            if (!chunk.sorted()) {
                throw fail(topicLocator, chunk.objectKey() + " is not in timestamp order");
            }
            if (chunk.minTimestampNs().isPresent()) {
                if (nullsSeen) {
                    throw fail(topicLocator, chunk.objectKey() + " has timestamps after rows with null timestamps");
                }
                if (previousMax != null && previousMax > chunk.minTimestampNs().getAsLong()) {
                    throw fail(topicLocator, chunk.objectKey() + " starts before the previous chunk ends");
                }
                previousMax = chunk.maxTimestampNs().getAsLong();
            }
            nullsSeen |= hasNullTimestamp(chunk);
            verifyReadable(topicLocator, chunk);
        }
    }

    private void verifyReadable(String topicLocator, NewChunk chunk) throws IOException {
        try (RandomAccessSource source = store.openSource(chunk.objectKey())) {
            if (source.size() != chunk.sizeBytes()) {
                throw fail(topicLocator, chunk.objectKey() + " holds " + source.size() + " bytes, the writer reported "
                        + chunk.sizeBytes());
            }
            long rows = ChunkFooter.read(source).rowCount();
            if (rows != chunk.rowCount()) {
                throw fail(topicLocator, chunk.objectKey() + " holds " + rows + " rows, the writer reported "
                        + chunk.rowCount());
            }
        }
    }

    private static boolean hasNullTimestamp(NewChunk chunk) {
        if (chunk.rowCount() > 0 && chunk.minTimestampNs().isEmpty()) {
            return true;
        }
        for (ColumnStats stats : chunk.columnStats()) {
            if (stats.columnPath().equals(TopicOptimizer.TIMESTAMP_COLUMN)) {
                return stats.hasNull();
            }
        }
        return false;
    }

    private static IOException fail(String topicLocator, String what) {
        return new IOException("verification of the optimized " + topicLocator + " failed: " + what);
    }
}
