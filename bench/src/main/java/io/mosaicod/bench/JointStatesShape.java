package io.mosaicod.bench;

import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Joint states at 100 Hz, as ROS 2's {@code sensor_msgs/JointState} converts to Arrow: header, joint names
 * ({@code list<utf8>}) and positions, velocities and efforts ({@code list<float64>}), of 6 to 30 joints per
 * row (several controllers publish on the topic). Velocities are empty in ~10 % of the rows and efforts in
 * ~30 % (drivers that do not measure them send empty lists, as the message allows). ~380 bytes of Parquet
 * per row (~860 of Arrow).
 */
final class JointStatesShape implements Shape {
    private static final int MIN_JOINTS = 6;
    private static final int MAX_JOINTS = 30;
    private static final byte[] FRAME = ShapeFields.utf8("base_link");
    private static final byte[][] NAMES = names();

    @Override
    public String name() {
        return "joint-states";
    }

    @Override
    public Schema schema() {
        return new Schema(List.of(ShapeFields.timestamp(), ShapeFields.header(),
                ShapeFields.required("name", ArrowType.List.INSTANCE,
                        ShapeFields.required("item", ArrowType.Utf8.INSTANCE)),
                float64List("position"), float64List("velocity"), float64List("effort")));
    }

    private static Field float64List(String name) {
        return ShapeFields.required(name, ArrowType.List.INSTANCE, ShapeFields.required("item", ShapeFields.FLOAT64));
    }

    @Override
    public int rowsPerChunk() {
        return 1400;
    }

    @Override
    public long periodNs() {
        return 10_000_000L;
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
        int[] joints = new int[rows];
        int[] velocities = new int[rows];
        int[] efforts = new int[rows];
        for (int r = 0; r < rows; r++) {
            joints[r] = MIN_JOINTS + random.nextInt(MAX_JOINTS - MIN_JOINTS + 1);
            velocities[r] = random.nextInt(10) == 0 ? 0 : joints[r];
            efforts[r] = random.nextInt(10) < 3 ? 0 : joints[r];
        }
        fillNames((ListVector) root.getVector("name"), joints);
        double phase = timestamps.length == 0 ? 0 : timestamps[0] / 1e9;
        fillValues((ListVector) root.getVector("position"), joints, random, phase, 1.5);
        fillValues((ListVector) root.getVector("velocity"), velocities, random, phase, 0.4);
        fillValues((ListVector) root.getVector("effort"), efforts, random, phase, 12.0);
        root.setRowCount(rows);
    }

    private static void fillNames(ListVector list, int[] lengths) {
        ShapeFields.allocate(list, lengths.length);
        VarCharVector items = (VarCharVector) list.getDataVector();
        int total = ShapeFields.total(lengths);
        items.allocateNew(total * 24L, total);
        int item = 0;
        for (int r = 0; r < lengths.length; r++) {
            list.startNewValue(r);
            for (int j = 0; j < lengths[r]; j++) {
                items.setSafe(item++, NAMES[j]);
            }
            list.endValue(r, lengths[r]);
        }
    }

    /** Smooth joint trajectories ({@code amplitude × sin}) with sensor noise, one list per row. */
    private static void fillValues(ListVector list, int[] lengths, Random random, double phase, double amplitude) {
        ShapeFields.allocate(list, lengths.length);
        Float8Vector items = (Float8Vector) list.getDataVector();
        items.allocateNew(ShapeFields.total(lengths));
        int item = 0;
        for (int r = 0; r < lengths.length; r++) {
            list.startNewValue(r);
            double t = phase + r * 0.01;
            for (int j = 0; j < lengths[r]; j++) {
                items.set(item++, amplitude * Math.sin(t * (0.3 + 0.05 * j) + j) 
                        + (random.nextDouble() - 0.5) * 2e-3 * amplitude);
            }
            list.endValue(r, lengths[r]);
        }
    }

    private static byte[][] names() {
        String[] parts = {"shoulder_pan", "shoulder_lift", "elbow", "wrist_1", "wrist_2", "wrist_3"};
        byte[][] names = new byte[MAX_JOINTS][];
        for (int j = 0; j < MAX_JOINTS; j++) {
            names[j] = ShapeFields.utf8((j / parts.length == 0 ? "arm" : "arm_" + j / parts.length) + "_"
                    + parts[j % parts.length] + "_joint");
        }
        return names;
    }
}
