package io.mosaicod.tasks.optimizer;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.db.NewChunk;
import io.mosaicod.format.ChunkFooter;
import io.mosaicod.format.ChunkSummary;
import io.mosaicod.format.ChunkWriter;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.read.BackgroundThreads;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectWriter;
import io.mosaicod.read.ChunkCatalogEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes the rows of a topic — merged batches, or whole row groups of chunks copied as they are — as new
 * chunks {@code data/00000.parquet}, {@code 00001.parquet}, … in the fresh folder. A chunk is finished as
 * soon as its encoded size reaches the max chunk size, so it overshoots by at most two output batches plus the
 * footer ({@link RewriteTuning#maxOvershootBytes}; a copied chunk larger than the limit is the exception: it
 * becomes a chunk of its own). Each chunk is committed to the store whole; the repository learns of them only
 * when the optimizer commits.
 *
 * <p>A finished chunk is committed (made durable and published: an fsync of the whole chunk on a local disk,
 * ~0.12 s for 255 MB here) on a thread of its own while the next chunk is written; at most one commit waits
 * behind the writing, and {@link #finish} returns only once every chunk is committed.
 */
final class ChunkOutput implements EncodeBehind.Output {
    private final ObjectStore store;
    private final Folder folder;
    private final Schema schema;
    private final WriterProfile profile;
    private final long maxChunkSizeBytes;
    private final long rowGroupBytes;
    private final Runnable safePoint;
    private final java.util.function.LongConsumer rowsWritten;
    private final Executor columnWork;
    private final Executor commits;
    private CompletableFuture<Void> committing = CompletableFuture.completedFuture(null);
    private long rows;
    private final List<NewChunk> written = new ArrayList<>();
    private final List<byte[]> writeBuffers;
    private ObjectWriter object;
    private WriteBehindStream stream;
    private ChunkWriter current;

    /**
     * @param columnWork   encodes a chunk's columns concurrently (see {@link ChunkWriter}); null: one after another
     * @param writeBuffers the buffers every chunk's writes wait in for the store ({@link WriteBehindStream#buffers})
     * @param commits      commits finished chunks, one at a time
     */
    ChunkOutput(ObjectStore store, Folder folder, Schema schema, WriterProfile profile, long maxChunkSizeBytes,
                long rowGroupBytes, Runnable safePoint, java.util.function.LongConsumer rowsWritten,
                Executor columnWork, List<byte[]> writeBuffers, Executor commits) {
        this.store = store;
        this.folder = folder;
        this.schema = schema;
        this.profile = profile;
        this.maxChunkSizeBytes = maxChunkSizeBytes;
        this.rowGroupBytes = rowGroupBytes;
        this.safePoint = safePoint;
        this.rowsWritten = rowsWritten;
        this.columnWork = columnWork;
        this.writeBuffers = writeBuffers;
        this.commits = commits;
    }

    @Override
    public void accept(VectorSchemaRoot batch) throws IOException {
        safePoint.run();
        openIfNeeded().write(batch);
        wrote(batch.getRowCount());
    }

    /**
     * Appends a recorded chunk's row groups as they are, without decoding, read from {@code source} (which the
     * caller closes); a new output chunk is started first if this one would not fit in the current one.
     */
    void append(ChunkSpan chunk, RandomAccessSource source, ChunkSummary recorded) throws IOException {
        safePoint.run();
        if (current != null && current.encodedSizeBytes() + chunk.sizeBytes() > maxChunkSizeBytes) {
            finishChunk();
        }
        openIfNeeded().appendRowGroups(source, ChunkFooter.read(source), recorded);
        wrote(recorded.rowCount());
    }

    private ChunkWriter openIfNeeded() throws IOException {
        if (current == null) {
            String key = folder.chunkKey(written.size());
            object = store.newWriter(key);
            stream = new WriteBehindStream(object.stream(), key, writeBuffers);
            current = ChunkWriter.openForRewrite(stream, key, schema, profile, rowGroupBytes, columnWork);
        }
        return current;
    }

    private void wrote(long newRows) throws IOException {
        rows += newRows;
        rowsWritten.accept(rows);
        if (current.encodedSizeBytes() >= maxChunkSizeBytes) {
            finishChunk();
        }
    }

    /** Finishes the last chunk; returns every chunk written, in order, once all are committed. */
    List<NewChunk> finish() throws IOException {
        if (current != null) {
            finishChunk();
        }
        awaitCommit();
        return List.copyOf(written);
    }

    private void finishChunk() throws IOException {
        ChunkSummary summary = current.finish();
        stream.drain();
        current.close();
        ObjectWriter finished = object;
        current = null;
        stream = null;
        object = null;
        NewChunk chunk;
        try {
            awaitCommit();
            chunk = ChunkCatalogEntry.of(written.size(), finished.key(), summary);
            committing = CompletableFuture.runAsync(() -> commit(finished), commits);
        } catch (IOException | RuntimeException | Error e) {
            try {
                finished.close(); // aborts: nothing of this chunk becomes visible
            } catch (IOException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        written.add(chunk);
    }

    private static void commit(ObjectWriter finished) {
        try (finished) {
            finished.commit();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits for the chunk committing behind the writing, if any; throws its failure. */
    private void awaitCommit() throws IOException {
        BackgroundThreads.await(committing, "committing a chunk");
    }

    /**
     * Abandons an unfinished chunk: nothing of it becomes visible. A chunk still committing is waited for, so
     * that nothing of this output runs after it is closed (its failure no longer matters).
     */
    @Override
    public void close() throws IOException {
        try {
            if (object != null) { // an unfinished chunk, or one whose writer failed to open
                try {
                    if (stream != null) {
                        stream.abandon();
                    }
                    if (current != null) {
                        current.close();
                    }
                } finally {
                    object.close();
                }
                current = null;
                stream = null;
                object = null;
            }
        } finally {
            committing.handle((done, failure) -> null).join();
        }
    }
}
