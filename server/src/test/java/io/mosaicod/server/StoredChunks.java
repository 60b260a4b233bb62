package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.format.ChunkReader;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;

/** Checks, behind the server's back, that the repository's chunk rows and the store's objects agree. */
final class StoredChunks {
    private StoredChunks() {
    }

    /**
     * Every chunk row of the topic names an object of its recorded size that decodes to its recorded row
     * count and time range. Returns the chunks.
     */
    static List<Chunk> assertEveryRowHasItsFile(Catalog catalog, ObjectStore store, long topicId) throws IOException {
        List<Chunk> chunks = catalog.listChunks(topicId);
        try (BufferAllocator allocator = new RootAllocator()) {
            for (Chunk chunk : chunks) {
                assertThat(store.head(chunk.objectKey()).size()).as(chunk.objectKey()).isEqualTo(chunk.sizeBytes());
                long rows = 0;
                long min = Long.MAX_VALUE;
                long max = Long.MIN_VALUE;
                try (RandomAccessSource source = store.openSource(chunk.objectKey());
                     ChunkReader reader = ChunkReader.open(source, allocator, ChunkReadOptions.all())) {
                    while (reader.loadNextBatch()) {
                        BigIntVector ts = (BigIntVector) reader.root().getVector("timestamp_ns");
                        for (int r = 0; r < reader.root().getRowCount(); r++) {
                            min = Math.min(min, ts.get(r));
                            max = Math.max(max, ts.get(r));
                        }
                        rows += reader.root().getRowCount();
                    }
                }
                assertThat(rows).as("rows of %s", chunk.objectKey()).isEqualTo(chunk.rowCount());
                assertThat(chunk.minTimestampNs()).hasValue(min);
                assertThat(chunk.maxTimestampNs()).hasValue(max);
            }
        }
        return chunks;
    }
}
