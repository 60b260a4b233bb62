package io.mosaicod.format;

import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarBinaryVector;

/**
 * Not a test: times {@link DictionaryFit#pays} on the fleet benchmark's 10 MiB batch (10,000 rows of increasing
 * timestamps, Gaussian floats and 1 KiB random payloads), the judgement a server makes for every upload's batch.
 * Prints each round's time per batch; docs/benchmarks.md gives the command.
 */
final class DictionaryFitTiming {
    private static final int ROWS = 10_000;
    private static final int BATCHES_PER_ROUND = 200;

    private DictionaryFitTiming() {
    }

    public static void main(String[] args) {
        try (BufferAllocator allocator = new RootAllocator();
             BigIntVector timestamps = new BigIntVector("timestamp_ns", allocator);
             Float8Vector values = new Float8Vector("value", allocator);
             VarBinaryVector payloads = new VarBinaryVector("payload", allocator)) {
            Random random = new Random(1);
            byte[] payload = new byte[1024];
            timestamps.allocateNew(ROWS);
            values.allocateNew(ROWS);
            payloads.allocateNew((long) ROWS * payload.length, ROWS);
            for (int i = 0; i < ROWS; i++) {
                timestamps.set(i, 1_000_000L * i);
                values.set(i, random.nextGaussian());
                random.nextBytes(payload);
                payloads.setSafe(i, payload);
            }
            timestamps.setValueCount(ROWS);
            values.setValueCount(ROWS);
            payloads.setValueCount(ROWS);
            for (int round = 0; round < 8; round++) {
                long started = System.nanoTime();
                int pays = 0;
                for (int b = 0; b < BATCHES_PER_ROUND; b++) {
                    pays += DictionaryFit.pays(timestamps, ROWS, 1 << 20, 20_000) ? 1 : 0;
                    pays += DictionaryFit.pays(values, ROWS, 1 << 20, 20_000) ? 1 : 0;
                    pays += DictionaryFit.pays(payloads, ROWS, 1 << 20, 20_000) ? 1 : 0;
                }
                System.out.printf("round %d: %.3f ms per batch (%d of %d columns judged worth a dictionary)%n", round,
                        (System.nanoTime() - started) / 1e6 / BATCHES_PER_ROUND, pays, 3 * BATCHES_PER_ROUND);
            }
        }
    }
}
