package io.mosaicod.server.read;

import io.mosaicod.db.Chunk;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.tasks.optimizer.merge.RunSource;
import io.mosaicod.tasks.optimizer.merge.SortedRun;
import io.mosaicod.tasks.read.SortedInMemoryRun;
import io.mosaicod.tasks.read.StoredChunkRun;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Presents a topic's chunks to the time-ordered merge: each chunk is one sorted run, opened only when the
 * merge reaches its first timestamp. A chunk written in time order streams straight from the codec; one that
 * was not is read whole and sorted in memory (a chunk is one client batch, so it is small). The runs are the
 * ones the store optimizer reads chunks with.
 */
final class ChunkRuns {
    private final ObjectStore store;
    private final BufferAllocator allocator;
    private final ChunkReadOptions options;

    /** @param options the read options of every chunk (batch size, row-group pruning by time) */
    ChunkRuns(ObjectStore store, BufferAllocator allocator, ChunkReadOptions options) {
        this.store = store;
        this.allocator = allocator;
        this.options = options;
    }

    List<RunSource> of(List<Chunk> chunks) {
        List<RunSource> runs = new ArrayList<>(chunks.size());
        for (Chunk chunk : chunks) {
            Long min = chunk.minTimestampNs().isPresent() ? chunk.minTimestampNs().getAsLong() : null;
            runs.add(new RunSource(chunk.ordinal(), min, () -> open(chunk)));
        }
        return runs;
    }

    private SortedRun open(Chunk chunk) throws IOException {
        StoredChunkRun stored = StoredChunkRun.open(store, chunk.objectKey(), allocator, options);
        return chunk.sorted() ? stored : SortedInMemoryRun.of(stored, allocator);
    }
}
