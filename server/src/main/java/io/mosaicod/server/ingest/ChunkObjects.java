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
 * batch with the codec and commit the object {@code data/NNNNN.parquet} in the topic's folder, durably. The
 * second half, recording the chunk row, is the {@link GroupCommit}'s. A failure in between leaves at most an
 * object nothing references (the cleanup's job); a row never exists without its object.
 */
final class ChunkObjects {
    private final ObjectStore store;

    ChunkObjects(ObjectStore store) {
        this.store = store;
    }

    /** @return the chunk's catalog row, to record once the object is durable */
    NewChunk write(TopicClaim claim, Folder folder, int ordinal, Schema schema, WriterProfile profile,
                   VectorSchemaRoot batch) throws IOException {
        String key = folder.chunkKey(ordinal);
        claim.requireHeld();
        ChunkSummary summary;
        try (ObjectWriter object = store.newWriter(key);
             ChunkWriter chunk = ChunkWriter.openForBatch(object.stream(), key, schema, batch, profile)) {
            chunk.write(batch);
            summary = chunk.finish();
            object.commit();
        }
        return ChunkCatalogEntry.of(ordinal, key, summary);
    }
}
