package io.mosaicod.client.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** An inertial unit at 200 Hz: linear acceleration and angular velocity on three axes (float64). */
final class ImuModel implements TopicModel {
    private static final ArrowType DOUBLE = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    private static final String[] AXES = {"x", "y", "z"};

    @Override
    public Schema schema() {
        List<Field> fields = new ArrayList<>();
        fields.add(Fields.timestamp());
        for (String axis : AXES) {
            fields.add(Fields.leaf("acc_" + axis, DOUBLE, false, "Linear acceleration along " + axis, "unit", "m/s^2"));
        }
        for (String axis : AXES) {
            fields.add(Fields.leaf("gyro_" + axis, DOUBLE, false, "Angular velocity around " + axis, "unit", "rad/s"));
        }
        return new Schema(fields, Map.of("sensor_frame", "imu_link", "rate_hz", "200"));
    }

    @Override
    public long periodNs() {
        return 5_000_000L;
    }

    @Override
    public void fill(VectorSchemaRoot root, long[] timestamps, SplittableRandom random) {
        int rows = timestamps.length;
        BigIntVector ts = (BigIntVector) root.getVector(Fields.TIMESTAMP);
        ts.allocateNew(rows);
        for (int r = 0; r < rows; r++) {
            ts.set(r, timestamps[r]);
        }
        for (int c = 1; c < root.getFieldVectors().size(); c++) {
            Float8Vector v = (Float8Vector) root.getVector(c);
            v.allocateNew(rows);
            double bias = c == 3 ? 9.81 : 0; // gravity on acc_z
            for (int r = 0; r < rows; r++) {
                v.set(r, bias + random.nextGaussian() * 0.05);
            }
        }
        root.setRowCount(rows);
    }
}
