package io.mosaicod.read;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.format.ChunkReader;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.read.merge.SortedRun;
import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** A chunk in the store read batch by batch, as a sorted run (the chunk's rows must already be in time order). */
public final class StoredChunkRun implements SortedRun {
    private final RandomAccessSource source;
    private final ChunkReader reader;
    private long expectedRows = -1;
    private long rowsRead;

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

    /**
     * Makes a read of the whole chunk fail, naming the chunk, if it yields another number of rows than
     * {@code recordedRows}: a damaged page header or footer can decode to fewer rows without failing any
     * other check (found by the reliability campaign's bit flips).
     */
    public StoredChunkRun expectingRows(long recordedRows) {
        this.expectedRows = recordedRows;
        return this;
    }

    /** The chunk's Arrow schema, with its schema- and field-level metadata. */
    public Schema schema() {
        return reader.schema();
    }

    @Override
    public VectorSchemaRoot nextBatch() throws IOException {
        if (!reader.loadNextBatch()) {
            if (expectedRows >= 0 && rowsRead != expectedRows) {
                throw new IOException("chunk " + source.name() + " yielded " + rowsRead
                        + " rows but the repository records " + expectedRows + ": it is damaged");
            }
            return null;
        }
        rowsRead += reader.root().getRowCount();
        return reader.root();
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
