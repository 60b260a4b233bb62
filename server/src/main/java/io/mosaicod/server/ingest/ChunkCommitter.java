package io.mosaicod.server.ingest;

import io.mosaicod.db.Chunk;
import io.mosaicod.format.ChunkSummary;
import io.mosaicod.format.ChunkWriter;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectWriter;
import io.mosaicod.read.ChunkCatalogEntry;
import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Turns one record batch into one chunk, in the order that keeps the repository honest: make sure the upload
 * still holds its claim on the topic, encode with the codec, commit the object {@code data/NNNNN.parquet} in the
 * topic's folder, then record the chunk row and its column statistics under the claim. A failure before the row
 * leaves at most an object nothing references (the cleanup's job); a row never exists without its object.
 */
final class ChunkCommitter {
    private final ObjectStore store;

    ChunkCommitter(ObjectStore store) {
        this.store = store;
    }

    Chunk commit(TopicClaim claim, Folder folder, int ordinal, Schema schema, WriterProfile profile,
                 VectorSchemaRoot batch) throws IOException {
        String key = folder.chunkKey(ordinal);
        claim.requireHeld();
        ChunkSummary summary;
        try (ObjectWriter object = store.newWriter(key);
             ChunkWriter chunk = ChunkWriter.open(object.stream(), key, schema, profile)) {
            chunk.write(batch);
            summary = chunk.finish();
            object.commit();
        }
        return claim.addChunk(ChunkCatalogEntry.of(ordinal, key, summary));
    }
}
