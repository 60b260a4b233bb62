package io.mosaicod.bench;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The rows every benchmark writes, one client batch at a time: int64 {@code timestamp_ns}, ten Gaussian
 * float64, a utf8 label ({@code sensor-NNNNN}) and a 1–4 KB random binary payload. The payload is ~95 % of
 * the bytes and incompressible, like camera or lidar blobs; the caller chooses the timestamps.
 */
final class SensorBatch {
    static final Schema SCHEMA = schema();
    private static final int MAX_PAYLOAD = 4096;
    private static final int MIN_PAYLOAD = 1024;

    private SensorBatch() {
    }

    private static Schema schema() {
        List<Field> fields = new ArrayList<>();
        fields.add(new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null));
        for (int i = 0; i < 10; i++) {
            fields.add(new Field("f" + i, FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                    null));
        }
        fields.add(new Field("label", FieldType.nullable(ArrowType.Utf8.INSTANCE), null));
        fields.add(new Field("payload", FieldType.nullable(ArrowType.Binary.INSTANCE), null));
        return new Schema(fields);
    }

    /** A new batch in {@code allocator}, one row per timestamp; the caller closes it. */
    static VectorSchemaRoot create(BufferAllocator allocator, Random random, long[] timestamps) {
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        fill(root, random, timestamps);
        return root;
    }

    /** Overwrites {@code root} (of {@link #SCHEMA}) with one row per timestamp, for callers that reuse a batch. */
    static void fill(VectorSchemaRoot root, Random random, long[] timestamps) {
        BigIntVector ts = (BigIntVector) root.getVector(0);
        VarCharVector label = (VarCharVector) root.getVector(11);
        VarBinaryVector payload = (VarBinaryVector) root.getVector(12);
        byte[] blob = new byte[MAX_PAYLOAD];
        for (int i = 0; i < timestamps.length; i++) {
            ts.setSafe(i, timestamps[i]);
            for (int f = 1; f <= 10; f++) {
                ((Float8Vector) root.getVector(f)).setSafe(i, random.nextGaussian());
            }
            label.setSafe(i, ("sensor-" + random.nextInt(100_000)).getBytes(StandardCharsets.UTF_8));
            random.nextBytes(blob);
            payload.setSafe(i, blob, 0, MIN_PAYLOAD + random.nextInt(MAX_PAYLOAD - MIN_PAYLOAD + 1));
        }
        root.setRowCount(timestamps.length);
    }

    /**
     * {@code rows} timestamps drawn uniformly in {@code [start, start + span)} and sorted: each client batch
     * is in time order, as sensors emit it, while neighbouring batches may overlap.
     */
    static long[] sortedTimestamps(Random random, long start, long span, int rows) {
        long[] stamps = new long[rows];
        for (int i = 0; i < rows; i++) {
            stamps[i] = start + (long) (random.nextDouble() * span);
        }
        java.util.Arrays.sort(stamps);
        return stamps;
    }
}
