package io.mosaicod.bench;

import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A 2-D object detector's output at 30 Hz: header and {@code detections list<struct<label utf8, score
 * float32, box struct<x, y, w, h float32>>>} of 0 to 20 detections in pixels of a 1920×1080 image. ~15 % of
 * the rows detect nothing (an empty list) and ~5 % have no detector output at all (a null list). ~180 bytes of
 * Parquet per row (~310 of Arrow).
 */
final class DetectionsShape implements Shape {
    private static final int MAX_DETECTIONS = 20;
    private static final byte[] FRAME = ShapeFields.utf8("camera_front_optical");
    private static final byte[][] LABELS = {ShapeFields.utf8("person"), ShapeFields.utf8("car"),
        ShapeFields.utf8("bicycle"), ShapeFields.utf8("truck"), ShapeFields.utf8("traffic_light"),
        ShapeFields.utf8("stop_sign"), ShapeFields.utf8("forklift"), ShapeFields.utf8("pallet"),
        ShapeFields.utf8("box"), ShapeFields.utf8("dog")};

    @Override
    public String name() {
        return "detections";
    }

    @Override
    public Schema schema() {
        ArrowType f32 = ShapeFields.FLOAT32;
        Field box = ShapeFields.required("box", ArrowType.Struct.INSTANCE, ShapeFields.required("x", f32),
                ShapeFields.required("y", f32), ShapeFields.required("w", f32), ShapeFields.required("h", f32));
        Field detection = ShapeFields.required("item", ArrowType.Struct.INSTANCE,
                ShapeFields.required("label", ArrowType.Utf8.INSTANCE), ShapeFields.required("score", f32), box);
        return new Schema(List.of(ShapeFields.timestamp(), ShapeFields.header(),
                ShapeFields.optional("detections", ArrowType.List.INSTANCE, detection)));
    }

    @Override
    public int rowsPerChunk() {
        return 3000;
    }

    @Override
    public long periodNs() {
        return 33_333_333L;
    }

    @Override
    public int generation() {
        return 1;
    }

    @Override
    public void fill(VectorSchemaRoot root, Random random, long[] timestamps) {
        int rows = timestamps.length;
        ShapeFields.fillTimestamps((BigIntVector) root.getVector("timestamp_ns"), timestamps);
        ShapeFields.fillHeader((StructVector) root.getVector("header"), timestamps, FRAME);
        int[] counts = new int[rows]; // -1: a null list
        for (int r = 0; r < rows; r++) {
            int draw = random.nextInt(100);
            counts[r] = draw < 5 ? -1 : draw < 20 ? 0 : 1 + random.nextInt(MAX_DETECTIONS);
        }
        int total = 0;
        for (int count : counts) {
            total += Math.max(0, count);
        }
        ListVector detections = (ListVector) root.getVector("detections");
        ShapeFields.allocate(detections, rows);
        StructVector detection = (StructVector) detections.getDataVector();
        ShapeFields.allocate(detection, total);
        VarCharVector label = (VarCharVector) detection.getChild("label");
        label.allocateNew(total * 8L, total);
        Float4Vector score = (Float4Vector) detection.getChild("score");
        StructVector box = (StructVector) detection.getChild("box");
        Float4Vector[] xywh = {(Float4Vector) box.getChild("x"), (Float4Vector) box.getChild("y"),
            (Float4Vector) box.getChild("w"), (Float4Vector) box.getChild("h")};
        int item = 0;
        for (int r = 0; r < rows; r++) {
            if (counts[r] < 0) {
                detections.setNull(r);
                continue;
            }
            detections.startNewValue(r);
            for (int d = 0; d < counts[r]; d++) {
                label.setSafe(item, LABELS[Math.min(random.nextInt(LABELS.length), random.nextInt(LABELS.length))]);
                score.set(item, 0.25f + 0.75f * random.nextFloat());
                float w = 10 + 390 * random.nextFloat();
                float h = 10 + 390 * random.nextFloat();
                xywh[0].set(item, (1920 - w) * random.nextFloat());
                xywh[1].set(item, (1080 - h) * random.nextFloat());
                xywh[2].set(item, w);
                xywh[3].set(item, h);
                box.setIndexDefined(item);
                detection.setIndexDefined(item);
                item++;
            }
            detections.endValue(r, counts[r]);
        }
        root.setRowCount(rows);
    }
}
