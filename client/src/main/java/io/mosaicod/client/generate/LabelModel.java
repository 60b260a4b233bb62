package io.mosaicod.client.generate;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/** A perception output at 2 Hz: string labels with an optional confidence. */
final class LabelModel implements TopicModel {
    private static final byte[][] LABELS = bytes("pedestrian", "car", "cyclist", "traffic_light", "stop_sign",
            "truck", "bus", "unknown");

    @Override
    public Schema schema() {
        return new Schema(List.of(
                Fields.timestamp(),
                Fields.leaf("label", ArrowType.Utf8.INSTANCE, false, "Detected class"),
                Fields.leaf("confidence", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), true,
                        "Detector confidence in [0, 1], null when not reported")),
                Map.of("model", "detector-v3", "classes", Integer.toString(LABELS.length)));
    }

    @Override
    public long periodNs() {
        return 500_000_000L;
    }

    @Override
    public void fill(VectorSchemaRoot root, long[] timestamps, SplittableRandom random) {
        int rows = timestamps.length;
        BigIntVector ts = (BigIntVector) root.getVector(Fields.TIMESTAMP);
        VarCharVector label = (VarCharVector) root.getVector("label");
        Float4Vector confidence = (Float4Vector) root.getVector("confidence");
        root.allocateNew();
        for (int r = 0; r < rows; r++) {
            ts.setSafe(r, timestamps[r]);
            label.setSafe(r, LABELS[random.nextInt(LABELS.length)]);
            if (random.nextInt(10) == 0) {
                confidence.setNull(r);
            } else {
                confidence.setSafe(r, (float) random.nextDouble());
            }
        }
        root.setRowCount(rows);
    }

    private static byte[][] bytes(String... words) {
        byte[][] out = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            out[i] = words[i].getBytes(StandardCharsets.UTF_8);
        }
        return out;
    }
}
