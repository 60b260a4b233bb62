package io.mosaicod.server;

import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A small topic whose rows are a function of their timestamp ({@code value = ts / 1000},
 * {@code label = "row-<ts>"}), so a test knows what any row must hold.
 */
final class SampleTopic {
    static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", new FieldType(false, new ArrowType.Int(64, true), null,
                    Map.of("description", "Acquisition time")), null),
            new Field("value", new FieldType(true, new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), null,
                    Map.of("description", "Measured value", "unit", "V")), null),
            new Field("label", new FieldType(true, ArrowType.Utf8.INSTANCE, null,
                    Map.of("description", "Row label")), null)),
            Map.of("source", "sample", "calibration", "v2"));

    private SampleTopic() {
    }

    /** A batch holding one row per timestamp, in the given order. */
    static VectorSchemaRoot batch(BufferAllocator allocator, long... timestamps) {
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        root.allocateNew();
        BigIntVector ts = (BigIntVector) root.getVector("timestamp_ns");
        Float8Vector value = (Float8Vector) root.getVector("value");
        VarCharVector label = (VarCharVector) root.getVector("label");
        for (int i = 0; i < timestamps.length; i++) {
            ts.setSafe(i, timestamps[i]);
            value.setSafe(i, timestamps[i] / 1000.0);
            label.setSafe(i, ("row-" + timestamps[i]).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        root.setRowCount(timestamps.length);
        return root;
    }

    /** The row {@link #batch} writes for {@code timestamp}, as {@link Rows} reads it back. */
    static List<Object> row(long timestamp) {
        return List.of(timestamp, timestamp / 1000.0, "row-" + timestamp);
    }
}
