package io.mosaicod.bench;

import java.util.Random;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The older scenarios' rows ({@link SensorBatch}: ten float64, a label, a 1–4 KB payload) as a shape. Its
 * datasets keep the fingerprints and contents they had before shapes existed: 200 rows of 1 ms per chunk,
 * starting at 0.
 */
final class FlatShape implements Shape {
    static final FlatShape INSTANCE = new FlatShape();

    private FlatShape() {
    }

    @Override
    public String name() {
        return "flat";
    }

    @Override
    public Schema schema() {
        return SensorBatch.SCHEMA;
    }

    @Override
    public int rowsPerChunk() {
        return 200;
    }

    @Override
    public long periodNs() {
        return 1_000_000L;
    }

    @Override
    public long startNs() {
        return 0;
    }

    @Override
    public int generation() {
        return 1;
    }

    @Override
    public void fill(VectorSchemaRoot root, Random random, long[] timestamps) {
        SensorBatch.fill(root, random, timestamps);
    }
}
