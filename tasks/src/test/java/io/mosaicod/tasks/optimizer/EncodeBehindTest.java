package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

class EncodeBehindTest {
    private static final Schema SCHEMA = new Schema(List.of(Field.notNullable("timestamp_ns", new ArrowType.Int(64, true))));

    /**
     * A rewrite's thread interrupted while a batch is being encoded: close() must not free the batches while the
     * encoding thread still reads them, nor return before the output has seen the last of that thread.
     */
    @Test
    void closeWaitsForTheBatchBeingEncodedEvenWhenTheClosingThreadIsInterrupted() throws Exception {
        CountDownLatch encodingStarted = new CountDownLatch(1);
        CountDownLatch letEncodingEnd = new CountDownLatch(1);
        AtomicBoolean encodingEnded = new AtomicBoolean();
        AtomicBoolean endedWhenCloseReturned = new AtomicBoolean();
        AtomicBoolean interruptKept = new AtomicBoolean();
        try (BufferAllocator allocator = new RootAllocator();
             VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, allocator)) {
            EncodeBehind encodeBehind = new EncodeBehind(rows -> {
                encodingStarted.countDown();
                awaitIgnoringInterrupts(letEncodingEnd); // an output busy in code that does not stop on interrupt
                encodingEnded.set(rows.getVector(0).getValueCount() == 3);
            }, allocator);
            BigIntVector time = (BigIntVector) batch.getVector(0);
            for (int row = 0; row < 3; row++) {
                time.setSafe(row, row);
            }
            batch.setRowCount(3);
            encodeBehind.accept(batch);
            encodingStarted.await();

            Thread closer = new Thread(() -> {
                Thread.currentThread().interrupt();
                encodeBehind.close();
                endedWhenCloseReturned.set(encodingEnded.get());
                interruptKept.set(Thread.currentThread().isInterrupted());
            });
            closer.start();
            // the closer is either done (close returned at once) or waiting for the encoding thread
            while (closer.getState() != Thread.State.TERMINATED && closer.getState() != Thread.State.TIMED_WAITING
                    && closer.getState() != Thread.State.WAITING) {
                Thread.onSpinWait();
            }
            letEncodingEnd.countDown();
            closer.join();
        }
        assertThat(endedWhenCloseReturned).as("the batch's encoding had ended when close() returned").isTrue();
        assertThat(interruptKept).as("the closing thread's interrupt is kept").isTrue();
    }

    private static void awaitIgnoringInterrupts(CountDownLatch latch) {
        while (true) {
            try {
                latch.await();
                return;
            } catch (InterruptedException ignored) {
                // keeps waiting, as a write that cannot be interrupted would
            }
        }
    }
}
