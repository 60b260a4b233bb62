package io.mosaicod.bench;

import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The record batch a fleet upload sends again and again: the payload-heavy rows of {@link IngestBenchmark}
 * (timestamp, value, 1 KiB of random bytes), as many as make up the batch size. The payload is drawn once per
 * upload: drawing 10 MiB of random bytes per batch would cost the client more CPU than sending them, on the
 * cores the server needs. Only the timestamps move on from batch to batch.
 */
final class FleetBatch implements AutoCloseable {
    static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null),
            new Field("value", FieldType.notNullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null),
            new Field("payload", FieldType.notNullable(ArrowType.Binary.INSTANCE), null)));
    private static final int ROW_PAYLOAD = 1024;
    /** What a row weighs: the payload, the timestamp and the value. */
    static final int ROW_BYTES = ROW_PAYLOAD + 16;

    private final VectorSchemaRoot root;
    private final int rows;

    FleetBatch(BufferAllocator allocator, long batchBytes, long seed) {
        rows = rows(batchBytes);
        root = VectorSchemaRoot.create(SCHEMA, allocator);
        Random random = new Random(seed);
        byte[] payload = new byte[ROW_PAYLOAD];
        for (int r = 0; r < rows; r++) {
            ((Float8Vector) root.getVector(1)).setSafe(r, random.nextGaussian());
            random.nextBytes(payload);
            ((VarBinaryVector) root.getVector(2)).setSafe(r, payload);
        }
    }

    /** Rows of a batch of about {@code batchBytes} (rounded up, so a 9 KiB batch holds 9 rows). */
    static int rows(long batchBytes) {
        return (int) Math.max(1, (batchBytes + ROW_BYTES - 1) / ROW_BYTES);
    }

    /** The batch numbered {@code number}: its rows follow the previous batch's in time, 1 ms apart. */
    VectorSchemaRoot numbered(long number) {
        BigIntVector time = (BigIntVector) root.getVector(0);
        for (int r = 0; r < rows; r++) {
            time.setSafe(r, (number * rows + r) * 1_000_000L);
        }
        root.setRowCount(rows);
        return root;
    }

    long bytes() {
        return (long) rows * ROW_BYTES;
    }

    @Override
    public void close() {
        root.close();
    }
}
