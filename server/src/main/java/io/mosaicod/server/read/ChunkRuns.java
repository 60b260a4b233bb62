package io.mosaicod.server.read;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.db.Chunk;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.format.ChunkReader;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.tasks.optimizer.merge.RowRangeCopier;
import io.mosaicod.tasks.optimizer.merge.RunSource;
import io.mosaicod.tasks.optimizer.merge.SortedRun;
import io.mosaicod.tasks.optimizer.merge.StableTimestampSort;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Presents a topic's chunks to the time-ordered merge: each chunk is one sorted run, opened only when the
 * merge reaches its first timestamp. A chunk written in time order streams straight from the codec; one
 * that was not is read whole and sorted in memory (a chunk is one client batch, so it is small).
 *
 * <p>This is DoGet's own adapter until the tasks module offers a topic reader; it is the only class that
 * knows how chunks become runs.
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
        RandomAccessSource source = ChunkSources.open(store, chunk);
        ChunkReader reader;
        try {
            reader = ChunkReader.open(source, allocator, options);
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e;
        }
        StreamedChunk streamed = new StreamedChunk(source, reader);
        return chunk.sorted() ? streamed : sortInMemory(streamed, reader);
    }

    private SortedRun sortInMemory(StreamedChunk streamed, ChunkReader reader) throws IOException {
        try (streamed; VectorSchemaRoot all = VectorSchemaRoot.create(reader.schema(), allocator)) {
            int rows = 0;
            VectorSchemaRoot batch;
            while ((batch = streamed.nextBatch()) != null) {
                RowRangeCopier.copy(batch, 0, batch.getRowCount(), all, rows);
                rows += batch.getRowCount();
            }
            all.setRowCount(rows);
            return new SortedBatch(StableTimestampSort.sortedCopy(all, allocator));
        }
    }

    /** The batches of a chunk as the codec decodes them. */
    private static final class StreamedChunk implements SortedRun {
        private final RandomAccessSource source;
        private final ChunkReader reader;

        StreamedChunk(RandomAccessSource source, ChunkReader reader) {
            this.source = source;
            this.reader = reader;
        }

        @Override
        public VectorSchemaRoot nextBatch() throws IOException {
            return reader.loadNextBatch() ? reader.root() : null;
        }

        @Override
        public void close() throws IOException {
            try (source) {
                reader.close();
            }
        }
    }

    /** One batch, already in time order. */
    private static final class SortedBatch implements SortedRun {
        private final VectorSchemaRoot batch;
        private boolean given;

        SortedBatch(VectorSchemaRoot batch) {
            this.batch = batch;
        }

        @Override
        public VectorSchemaRoot nextBatch() {
            if (given) {
                return null;
            }
            given = true;
            return batch;
        }

        @Override
        public void close() {
            batch.close();
        }
    }
}
