package io.mosaicod.bench;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The kind of rows a benchmark topic holds: a schema and a filler that writes one client batch of rows for
 * given timestamps from a seeded {@link Random}. The filler must be deterministic for a given random state:
 * datasets are generated once and recognised again by their fingerprint, which names the shape and its
 * {@link #generation()}.
 */
interface Shape {
    /** 2026-01-01T00:00:00Z: where the shapes' recordings start (the flat shape keeps its original 0). */
    long EPOCH_2026_NS = 1_767_225_600_000_000_000L;

    /** The name the command line and the dataset folders use, e.g. {@code imu}. */
    @JsonValue
    String name();

    Schema schema();

    /** The topic's serialization format as ingestion records it: {@code ragged}, or {@code image} for blobs. */
    default String serializationFormat() {
        return "ragged";
    }

    /** Rows per chunk that make chunks of ~0.5 MB of Parquet, so ~2,000 chunks are ~1 GB. */
    int rowsPerChunk();

    /** Nanoseconds between two rows (the sensor's period); a chunk spans {@code rowsPerChunk × periodNs}. */
    long periodNs();

    /** The first chunk's start time. */
    default long startNs() {
        return EPOCH_2026_NS;
    }

    /**
     * Part of the datasets' fingerprint: bump it when the rows a seed produces change, so stale datasets are
     * generated again.
     */
    int generation();

    /** Overwrites {@code root} (of {@link #schema()}, freshly created) with one row per timestamp, in order. */
    void fill(VectorSchemaRoot root, Random random, long[] timestamps);

    /** A new batch in {@code allocator}, one row per timestamp; the caller closes it. */
    default VectorSchemaRoot create(BufferAllocator allocator, Random random, long[] timestamps) {
        VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator);
        try {
            fill(root, random, timestamps);
            return root;
        } catch (RuntimeException e) {
            root.close();
            throw e;
        }
    }
}
