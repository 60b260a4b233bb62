package io.mosaicod.tasks.optimizer;

import io.mosaicod.db.NewChunk;
import io.mosaicod.format.ChunkSummary;
import io.mosaicod.format.ChunkWriter;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectWriter;
import io.mosaicod.tasks.ChunkCatalogEntry;
import io.mosaicod.tasks.optimizer.merge.TimeOrderedMerge;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes the merged rows of a topic as new chunks {@code data/00000.parquet}, {@code 00001.parquet}, … in
 * the fresh folder. A chunk is finished as soon as its encoded size reaches the max chunk size, so it
 * overshoots by at most one output batch plus the footer. Each chunk is committed to the store whole; the
 * repository learns of them only when the optimizer commits.
 */
final class ChunkOutput implements TimeOrderedMerge.BatchSink, AutoCloseable {
    private final ObjectStore store;
    private final Folder folder;
    private final Schema schema;
    private final WriterProfile profile;
    private final long maxChunkSizeBytes;
    private final long rowGroupBytes;
    private final Runnable safePoint;
    private final java.util.function.LongConsumer rowsWritten;
    private long rows;
    private final List<NewChunk> written = new ArrayList<>();
    private ObjectWriter object;
    private ChunkWriter chunk;

    ChunkOutput(ObjectStore store, Folder folder, Schema schema, WriterProfile profile, long maxChunkSizeBytes,
                long rowGroupBytes, Runnable safePoint, java.util.function.LongConsumer rowsWritten) {
        this.store = store;
        this.folder = folder;
        this.schema = schema;
        this.profile = profile;
        this.maxChunkSizeBytes = maxChunkSizeBytes;
        this.rowGroupBytes = rowGroupBytes;
        this.safePoint = safePoint;
        this.rowsWritten = rowsWritten;
    }

    @Override
    public void accept(VectorSchemaRoot batch) throws IOException {
        safePoint.run();
        if (chunk == null) {
            String key = folder.chunkKey(written.size());
            object = store.newWriter(key);
            chunk = ChunkWriter.open(object.stream(), key, schema, profile, rowGroupBytes);
        }
        chunk.write(batch);
        rows += batch.getRowCount();
        rowsWritten.accept(rows);
        if (chunk.encodedSizeBytes() >= maxChunkSizeBytes) {
            finishChunk();
        }
    }

    /** Finishes the last chunk; returns every chunk written, in order. */
    List<NewChunk> finish() throws IOException {
        if (chunk != null) {
            finishChunk();
        }
        return List.copyOf(written);
    }

    private void finishChunk() throws IOException {
        ChunkSummary summary = chunk.finish();
        object.commit();
        written.add(ChunkCatalogEntry.of(written.size(), object.key(), summary));
        chunk.close();
        object.close();
        chunk = null;
        object = null;
    }

    /** Abandons an unfinished chunk: nothing of it becomes visible. */
    @Override
    public void close() throws IOException {
        if (chunk != null) {
            chunk.close();
            object.close();
            chunk = null;
            object = null;
        }
    }
}
