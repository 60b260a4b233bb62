package io.mosaicod.client.generate;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/** A planar lidar at 10 Hz: ragged lists of ranges and intensities (the {@code ragged} format). */
final class LidarModel implements TopicModel {
    private final int maxPoints;

    LidarModel(int maxPoints) {
        this.maxPoints = maxPoints;
    }

    @Override
    public Schema schema() {
        ArrowType flt = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
        return new Schema(List.of(
                Fields.timestamp(),
                Fields.list("ranges", Fields.leaf("item", flt, true, "One range"), "Distance of each return",
                        "unit", "m"),
                Fields.list("intensities", Fields.leaf("item", flt, true, "One intensity"),
                        "Reflectivity of each return")),
                Map.of("sensor_frame", "laser", "max_points", Integer.toString(maxPoints)));
    }

    @Override
    public long periodNs() {
        return 100_000_000L;
    }

    @Override
    public void fill(VectorSchemaRoot root, long[] timestamps, SplittableRandom random) {
        int rows = timestamps.length;
        BigIntVector ts = (BigIntVector) root.getVector(Fields.TIMESTAMP);
        ListVector ranges = (ListVector) root.getVector("ranges");
        ListVector intensities = (ListVector) root.getVector("intensities");
        root.allocateNew();
        Float4Vector rangeValues = (Float4Vector) ranges.getDataVector();
        Float4Vector intensityValues = (Float4Vector) intensities.getDataVector();
        int element = 0;
        for (int r = 0; r < rows; r++) {
            ts.setSafe(r, timestamps[r]);
            int points = random.nextInt(maxPoints + 1);
            ranges.startNewValue(r);
            intensities.startNewValue(r);
            for (int p = 0; p < points; p++) {
                rangeValues.setSafe(element + p, (float) (0.2 + random.nextDouble() * 30));
                intensityValues.setSafe(element + p, (float) random.nextDouble());
            }
            element += points;
            ranges.endValue(r, points);
            intensities.endValue(r, points);
        }
        rangeValues.setValueCount(element);
        intensityValues.setValueCount(element);
        root.setRowCount(rows);
    }
}
