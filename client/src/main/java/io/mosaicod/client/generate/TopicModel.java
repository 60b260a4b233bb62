package io.mosaicod.client.generate;

import java.util.SplittableRandom;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** One kind of sensor stream: its schema and how to fill a batch of plausible rows. */
interface TopicModel {

    Schema schema();

    /** Time between two rows, nanoseconds (the sensor's rate). */
    long periodNs();

    /**
     * Fills {@code root} (of {@link #schema()}) with {@code timestamps.length} rows at those timestamps.
     * Deterministic for a given random state.
     */
    void fill(VectorSchemaRoot root, long[] timestamps, SplittableRandom random);
}
