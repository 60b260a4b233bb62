package io.mosaicod.format;

import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Not a test: times {@link DictionaryFit#pays} on a batch like the fleet benchmark's 10 MiB one (10,000 rows of
 * increasing timestamps, Gaussian floats and 1 KiB random payloads: {@link DictionaryFitTest#upload}), the
 * judgement a server makes for every upload's batch. Prints each round's time per batch; docs/benchmarks.md gives
 * the command.
 */
final class DictionaryFitTiming {
    private static final int ROWS = 10_000;
    private static final int BATCHES_PER_ROUND = 200;

    private DictionaryFitTiming() {
    }

    public static void main(String[] args) {
        try (BufferAllocator allocator = new RootAllocator();
             VectorSchemaRoot batch = DictionaryFitTest.upload(allocator, new Random(1), ROWS, 1024)) {
            FieldVector[] judged = {batch.getVector("timestamp_ns"), batch.getVector("value"),
                batch.getVector("payload")};
            for (int round = 0; round < 8; round++) {
                long started = System.nanoTime();
                int pays = 0;
                for (int b = 0; b < BATCHES_PER_ROUND; b++) {
                    for (FieldVector column : judged) {
                        pays += DictionaryFit.pays(column, ROWS, 1 << 20, 20_000) ? 1 : 0;
                    }
                }
                System.out.printf("round %d: %.3f ms per batch (%d of %d columns judged worth a dictionary)%n", round,
                        (System.nanoTime() - started) / 1e6 / BATCHES_PER_ROUND, pays,
                        judged.length * BATCHES_PER_ROUND);
            }
        }
    }
}
