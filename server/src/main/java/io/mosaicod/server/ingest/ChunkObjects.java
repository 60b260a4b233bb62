package io.mosaicod.server.ingest;

import io.mosaicod.db.NewChunk;
import io.mosaicod.format.ChunkSummary;
import io.mosaicod.format.ChunkWriter;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.read.ChunkCatalogEntry;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectWriter;
import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The first half of storing a chunk: make sure the upload still holds its claim on the topic, encode the record
 * batch with the codec into the object {@code data/NNNNN.parquet} in the topic's folder, then commit the object,
 * durably. Encoding takes the cores, committing mostly waits for the disk or the network, so the two run on
 * different threads ({@link ChunkPipeline}). The second half, recording the chunk row, is the
 * {@link GroupCommit}'s. A failure in between leaves at most an object nothing references (the cleanup's job); a
 * row never exists without its object.
 */
final class ChunkObjects {
    private final ObjectStore store;

    ChunkObjects(ObjectStore store) {
        this.store = store;
    }

    /** An encoded chunk whose object is written but not committed: closing it uncommitted aborts the object. */
    static final class Encoded implements AutoCloseable {
        private final ObjectWriter object;
        private final NewChunk chunk;

        private Encoded(ObjectWriter object, NewChunk chunk) {
            this.object = object;
            this.chunk = chunk;
        }

        /** Makes the object durable and visible under its key. @return the chunk's catalog row, to record */
        NewChunk commit() throws IOException {
            object.commit();
            return chunk;
        }

        @Override
        public void close() throws IOException {
            object.close();
        }
    }

    /** Encodes {@code batch} into its object, which then holds no buffer of the encoder's or of the store's. */
    Encoded encode(TopicClaim claim, Folder folder, int ordinal, Schema schema, WriterProfile profile,
                   VectorSchemaRoot batch) throws IOException {
        String key = folder.chunkKey(ordinal);
        claim.requireHeld();
        ObjectWriter object = store.newWriter(key);
        try {
            ChunkSummary summary;
            try (ChunkWriter chunk = ChunkWriter.openForBatch(object.stream(), key, schema, batch, profile)) {
                chunk.write(batch);
                summary = chunk.finish();
            }
            object.endContent();
            return new Encoded(object, ChunkCatalogEntry.of(ordinal, key, summary));
        } catch (IOException | RuntimeException | Error e) {
            try {
                object.close();
            } catch (IOException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }
}
