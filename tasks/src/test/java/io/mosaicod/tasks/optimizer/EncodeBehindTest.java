package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.read.merge.TimeOrderedMerge;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
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
            EncodeBehind encodeBehind = new EncodeBehind(output(rows -> {
                encodingStarted.countDown();
                awaitIgnoringInterrupts(letEncodingEnd); // an output busy in code that does not stop on interrupt
                encodingEnded.set(rows.getVector(0).getValueCount() == 3);
            }, () -> { }), allocator);
            BigIntVector time = (BigIntVector) batch.getVector(0);
            for (int row = 0; row < 3; row++) {
                time.setSafe(row, row);
            }
            batch.setRowCount(3);
            encodeBehind.accept(batch);
            encodingStarted.await();

            Thread closer = new Thread(() -> {
                Thread.currentThread().interrupt();
                try {
                    encodeBehind.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
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

    /**
     * The output of a rewrite may read a batch until it has accepted the next one: the buffers of the batch handed
     * over before must be left alone until then, though the merge goes on filling the batch it got back; and the
     * output is closed before the batches are freed.
     */
    @Test
    void aBatchIsLeftToTheOutputUntilItAcceptedTheNextOneAndTheOutputIsClosedFirst() throws Exception {
        List<String> intact = new ArrayList<>();
        AtomicBoolean closedWhileBatchesAlive = new AtomicBoolean();
        try (BufferAllocator allocator = new RootAllocator();
             VectorSchemaRoot merged = VectorSchemaRoot.create(SCHEMA, allocator)) {
            VectorSchemaRoot[] previous = new VectorSchemaRoot[1];
            long[] previousFirst = new long[1];
            EncodeBehind encodeBehind = new EncodeBehind(output(rows -> {
                if (previous[0] != null) {
                    BigIntVector before = (BigIntVector) previous[0].getVector(0);
                    intact.add(before.getValueCount() == 4 && before.get(0) == previousFirst[0] ? "intact" : "reused");
                }
                previous[0] = rows;
                previousFirst[0] = ((BigIntVector) rows.getVector(0)).get(0);
            }, () -> closedWhileBatchesAlive.set(previous[0].getVector(0).getValueCount() == 4)), allocator);
            for (int batch = 0; batch < 6; batch++) {
                BigIntVector time = (BigIntVector) merged.getVector(0);
                time.allocateNew(4);
                for (int row = 0; row < 4; row++) {
                    time.set(row, 100L * batch + row);
                }
                time.setValueCount(4);
                merged.setRowCount(4);
                encodeBehind.accept(merged);
                // the merge fills whatever buffers it got back at once
                BigIntVector refilled = (BigIntVector) merged.getVector(0);
                refilled.allocateNew(4);
                for (int row = 0; row < 4; row++) {
                    refilled.set(row, -1);
                }
            }
            encodeBehind.drain();
            encodeBehind.close();
        }
        assertThat(intact).containsOnly("intact").hasSize(5);
        assertThat(closedWhileBatchesAlive).as("the output was closed before the batches were freed").isTrue();
    }

    private static EncodeBehind.Output output(TimeOrderedMerge.BatchSink accept, Runnable close) {
        return new EncodeBehind.Output() {
            @Override
            public void accept(VectorSchemaRoot batch) throws IOException {
                accept.accept(batch);
            }

            @Override
            public void close() {
                close.run();
            }
        };
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
