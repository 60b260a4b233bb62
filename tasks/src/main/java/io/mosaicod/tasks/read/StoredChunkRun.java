package io.mosaicod.tasks.read;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.format.ChunkReader;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.tasks.optimizer.merge.SortedRun;
import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** A chunk in the store read batch by batch, as a sorted run (the chunk's rows must already be in time order). */
public final class StoredChunkRun implements SortedRun {
    private final RandomAccessSource source;
    private final ChunkReader reader;

    private StoredChunkRun(RandomAccessSource source, ChunkReader reader) {
        this.source = source;
        this.reader = reader;
    }

    public static StoredChunkRun open(ObjectStore store, String objectKey, BufferAllocator allocator,
                                      ChunkReadOptions options) throws IOException {
        RandomAccessSource source = store.openSource(objectKey);
        try {
            return new StoredChunkRun(source, ChunkReader.open(source, allocator, options));
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e;
        }
    }

    /**
     * Same, from a source already opened (e.g. fetched ahead; the run closes it), for a chunk the repository
     * records as {@code recordedSizeBytes} long: an object of another size was changed behind mosaicod's back
     * (truncated, replaced) and is refused by name instead of read.
     */
    public static StoredChunkRun open(RandomAccessSource source, long recordedSizeBytes, BufferAllocator allocator,
                                      ChunkReadOptions options) throws IOException {
        try {
            if (source.size() != recordedSizeBytes) {
                throw new IOException("chunk " + source.name() + " is " + source.size()
                        + " bytes in the store but the repository records " + recordedSizeBytes
                        + ": it was changed behind mosaicod's back");
            }
            return new StoredChunkRun(source, ChunkReader.open(source, allocator, options));
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e;
        }
    }

    /** The chunk's Arrow schema, with its schema- and field-level metadata. */
    public Schema schema() {
        return reader.schema();
    }

    @Override
    public VectorSchemaRoot nextBatch() throws IOException {
        return reader.loadNextBatch() ? reader.root() : null;
    }

    @Override
    public void close() throws IOException {
        try {
            reader.close();
        } finally {
            source.close();
        }
    }
}
