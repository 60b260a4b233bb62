package io.mosaicod.cli;

import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.TopicReader;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Topic;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What the demo shows of a topic at one moment: its chunks and bytes in the repository, and a full read
 * through DoGet — rows, time taken, the schema with its metadata, whether rows came in time order, and an
 * order-independent fingerprint of the rows' contents (so equal fingerprints mean the same multiset of rows).
 */
record TopicSnapshot(String locator, int chunks, long bytes, long rows, double readSeconds, Schema schema,
                     boolean sorted, long fingerprint) {

    /** Reads the topic {@code reads} times; the read time is the best of them (JIT and caches warm). */
    static TopicSnapshot take(MosaicoClient client, Catalog catalog, String locator, int reads) {
        TopicSnapshot best = take(client, catalog, locator);
        for (int i = 1; i < reads; i++) {
            TopicSnapshot again = take(client, catalog, locator);
            if (again.readSeconds < best.readSeconds) {
                best = again;
            }
        }
        return best;
    }

    private static TopicSnapshot take(MosaicoClient client, Catalog catalog, String locator) {
        Topic topic = catalog.findTopicByLocator(locator).orElseThrow();
        List<Chunk> chunks = catalog.listChunks(topic.id());
        long started = System.nanoTime();
        long rows = 0;
        long fingerprint = 0;
        boolean sorted = true;
        long previous = Long.MIN_VALUE;
        Schema schema;
        try (TopicReader reader = client.read(locator, null, null)) {
            schema = reader.schema();
            while (reader.next()) {
                VectorSchemaRoot batch = reader.batch();
                FieldVector ts = batch.getVector("timestamp_ns");
                for (int r = 0; r < batch.getRowCount(); r++) {
                    long t = ts.isNull(r) ? Long.MAX_VALUE : ((Number) ts.getObject(r)).longValue();
                    sorted &= t >= previous;
                    previous = t;
                    fingerprint += mix(rowHash(batch, r));
                }
                rows += batch.getRowCount();
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        return new TopicSnapshot(locator, chunks.size(), chunks.stream().mapToLong(Chunk::sizeBytes).sum(), rows,
                seconds, schema, sorted, fingerprint);
    }

    private static long rowHash(VectorSchemaRoot batch, int row) {
        long hash = 17;
        for (FieldVector v : batch.getFieldVectors()) {
            hash = hash * 1_000_003 + v.hashCode(row);
        }
        return hash;
    }

    /** A 64-bit finalizer (MurmurHash3's), so that summing row hashes keeps them apart. */
    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        return h ^ (h >>> 33);
    }

    /** Same rows (as a multiset), same schema and metadata, and now in time order. */
    boolean preservedBy(TopicSnapshot after) {
        return after.rows == rows && after.fingerprint == fingerprint && after.schema.equals(schema) && after.sorted;
    }
}
