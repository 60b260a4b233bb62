package io.mosaicod.bench;

import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A 16-ring lidar at 10 Hz as a list of points per row: header and {@code points list<struct<x, y, z,
 * intensity float32>>} of 1,000 to 5,000 points (returns lost to the sky vary the count). Points sweep the
 * rings and the azimuth over a room-like scene with centimetre noise; intensities are whole numbers in
 * 0–255 stored as float32, as drivers publish them. ~37 KB of Parquet per row (~49 KB of Arrow).
 */
final class PointCloudShape implements Shape {
    private static final int MIN_POINTS = 1000;
    private static final int MAX_POINTS = 5000;
    private static final int RINGS = 16;
    private static final int AZIMUTH_STEPS = 4096;
    private static final double[] COS = new double[AZIMUTH_STEPS];
    private static final double[] SIN = new double[AZIMUTH_STEPS];
    private static final double[] WALL = new double[AZIMUTH_STEPS];
    private static final byte[] FRAME = ShapeFields.utf8("lidar_top");

    static {
        for (int i = 0; i < AZIMUTH_STEPS; i++) {
            double azimuth = 2 * Math.PI * i / AZIMUTH_STEPS;
            COS[i] = Math.cos(azimuth);
            SIN[i] = Math.sin(azimuth);
            WALL[i] = 8 + 4 * Math.sin(3 * azimuth) + 2 * Math.cos(7 * azimuth);
        }
    }

    @Override
    public String name() {
        return "point-cloud";
    }

    @Override
    public Schema schema() {
        ArrowType f32 = ShapeFields.FLOAT32;
        return new Schema(List.of(ShapeFields.timestamp(), ShapeFields.header(),
                ShapeFields.required("points", ArrowType.List.INSTANCE,
                        ShapeFields.required("item", ArrowType.Struct.INSTANCE, ShapeFields.required("x", f32),
                                ShapeFields.required("y", f32), ShapeFields.required("z", f32),
                                ShapeFields.required("intensity", f32)))));
    }

    @Override
    public int rowsPerChunk() {
        return 14;
    }

    @Override
    public long periodNs() {
        return 100_000_000L;
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
        int[] counts = new int[rows];
        for (int r = 0; r < rows; r++) {
            counts[r] = MIN_POINTS + random.nextInt(MAX_POINTS - MIN_POINTS + 1);
        }
        ListVector points = (ListVector) root.getVector("points");
        ShapeFields.allocate(points, rows);
        StructVector point = (StructVector) points.getDataVector();
        ShapeFields.allocate(point, ShapeFields.total(counts));
        Float4Vector x = (Float4Vector) point.getChild("x");
        Float4Vector y = (Float4Vector) point.getChild("y");
        Float4Vector z = (Float4Vector) point.getChild("z");
        Float4Vector intensity = (Float4Vector) point.getChild("intensity");
        int item = 0;
        for (int r = 0; r < rows; r++) {
            points.startNewValue(r);
            int columns = (counts[r] + RINGS - 1) / RINGS;
            int start = random.nextInt(AZIMUTH_STEPS);
            for (int p = 0; p < counts[r]; p++) {
                int ring = p % RINGS;
                int step = (start + (int) ((long) (p / RINGS) * AZIMUTH_STEPS / columns)) % AZIMUTH_STEPS;
                double elevation = (ring - RINGS / 2 + 0.5) * 0.0349; // 2° apart, ±15°
                double range = WALL[step] / Math.max(0.3, 1 - Math.abs(elevation) * 2)
                        + (random.nextFloat() - 0.5f) * 0.04;
                double flat = range * (1 - elevation * elevation / 2);
                x.set(item, (float) (flat * COS[step]));
                y.set(item, (float) (flat * SIN[step]));
                z.set(item, (float) (range * elevation + 1.8));
                intensity.set(item, random.nextInt(256));
                point.setIndexDefined(item);
                item++;
            }
            points.endValue(r, counts[r]);
        }
        root.setRowCount(rows);
    }
}
