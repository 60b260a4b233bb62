package io.mosaicod.bench;

import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An IMU at 200 Hz, as ROS 2's {@code sensor_msgs/Imu} converts to Arrow: header, orientation quaternion,
 * angular velocity and linear acceleration as structs of float64, each with a row-major 3×3 covariance as
 * {@code fixed_size_list<float64>[9]} (diagonal, the variances drifting a little from row to row, as a
 * filter's estimate does). ~157 bytes of Parquet per row (~330 of Arrow).
 */
final class ImuShape implements Shape {
    private static final int COVARIANCE = 9;
    private static final byte[] FRAME = ShapeFields.utf8("imu_link");
    private static final double GRAVITY = 9.80665;

    @Override
    public String name() {
        return "imu";
    }

    @Override
    public Schema schema() {
        return new Schema(List.of(ShapeFields.timestamp(), ShapeFields.header(),
                ShapeFields.float64Struct("orientation", "x", "y", "z", "w"),
                ShapeFields.float64Array("orientation_covariance", COVARIANCE),
                ShapeFields.float64Struct("angular_velocity", "x", "y", "z"),
                ShapeFields.float64Array("angular_velocity_covariance", COVARIANCE),
                ShapeFields.float64Struct("linear_acceleration", "x", "y", "z"),
                ShapeFields.float64Array("linear_acceleration_covariance", COVARIANCE)));
    }

    @Override
    public int rowsPerChunk() {
        return 3400;
    }

    @Override
    public long periodNs() {
        return 5_000_000L;
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
        StructVector orientation = struct(root, "orientation", rows);
        StructVector angular = struct(root, "angular_velocity", rows);
        StructVector linear = struct(root, "linear_acceleration", rows);
        Float8Vector[] q = children(orientation, "x", "y", "z", "w");
        Float8Vector[] w = children(angular, "x", "y", "z");
        Float8Vector[] a = children(linear, "x", "y", "z");
        for (int r = 0; r < rows; r++) {
            // the robot turns slowly about z and rocks a little: a unit quaternion from yaw, pitch and roll
            double yaw = timestamps[r] % 62_831_853_071L / 1e10 + random.nextGaussian() * 1e-3;
            double pitch = random.nextGaussian() * 0.01;
            double roll = random.nextGaussian() * 0.01;
            double cy = Math.cos(yaw / 2);
            double sy = Math.sin(yaw / 2);
            double cp = 1 - pitch * pitch / 8; // small angles
            double sp = pitch / 2;
            double cr = 1 - roll * roll / 8;
            double sr = roll / 2;
            q[0].set(r, sr * cp * cy - cr * sp * sy);
            q[1].set(r, cr * sp * cy + sr * cp * sy);
            q[2].set(r, cr * cp * sy - sr * sp * cy);
            q[3].set(r, cr * cp * cy + sr * sp * sy);
            w[0].set(r, random.nextGaussian() * 0.02);
            w[1].set(r, random.nextGaussian() * 0.02);
            w[2].set(r, 0.1 + random.nextGaussian() * 0.02);
            a[0].set(r, random.nextGaussian() * 0.05);
            a[1].set(r, random.nextGaussian() * 0.05);
            a[2].set(r, GRAVITY + random.nextGaussian() * 0.05);
            orientation.setIndexDefined(r);
            angular.setIndexDefined(r);
            linear.setIndexDefined(r);
        }
        covariance(root, "orientation_covariance", random, rows, 1e-4);
        covariance(root, "angular_velocity_covariance", random, rows, 4e-4);
        covariance(root, "linear_acceleration_covariance", random, rows, 2.5e-3);
        root.setRowCount(rows);
    }

    private static StructVector struct(VectorSchemaRoot root, String name, int rows) {
        StructVector vector = (StructVector) root.getVector(name);
        ShapeFields.allocate(vector, rows);
        return vector;
    }

    private static Float8Vector[] children(StructVector struct, String... names) {
        Float8Vector[] vectors = new Float8Vector[names.length];
        for (int i = 0; i < names.length; i++) {
            vectors[i] = (Float8Vector) struct.getChild(names[i]);
        }
        return vectors;
    }

    /** Diagonal 3×3 covariances around {@code variance}, varying by up to ±10 % from row to row. */
    private static void covariance(VectorSchemaRoot root, String name, Random random, int rows, double variance) {
        FixedSizeListVector matrices = (FixedSizeListVector) root.getVector(name);
        ShapeFields.allocate(matrices, rows);
        Float8Vector items = (Float8Vector) matrices.getDataVector();
        for (int r = 0; r < rows; r++) {
            int base = r * COVARIANCE;
            for (int i = 0; i < COVARIANCE; i++) {
                items.set(base + i, i % 4 == 0 ? variance * (0.9 + 0.2 * random.nextDouble()) : 0.0);
            }
            matrices.setNotNull(r);
        }
    }
}
