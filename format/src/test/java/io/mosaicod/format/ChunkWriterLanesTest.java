package io.mosaicod.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A rewrite's writer, whose columns are encoded in lanes on other threads, and the batches it reads. */
class ChunkWriterLanesTest {
    private static final ArrowType FLOAT64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    private static final Schema SCHEMA = new Schema(List.of(
            Field.notNullable(WriterProfile.TIMESTAMP_COLUMN, new ArrowType.Int(64, true)),
            Field.nullable("x", FLOAT64), Field.nullable("y", FLOAT64)));

    @Test
    @Timeout(60)
    void anEmptyBatchReturnsOnlyOnceTheLanesAreDoneWithTheBatchBefore() throws Exception {
        HeldLanes held = new HeldLanes();
        try (BufferAllocator allocator = new RootAllocator();
             VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, allocator);
             VectorSchemaRoot empty = VectorSchemaRoot.create(SCHEMA, allocator);
             ChunkWriter writer = ChunkWriter.openForRewrite(new ByteArrayOutputStream(), "lanes", SCHEMA,
                     WriterProfile.RAGGED, 1 << 20, held)) {
            fill(batch, 1_000);
            empty.setRowCount(0);
            writer.write(batch); // its other columns are queued on the held lanes
            assertThat(held.queued()).as("columns queued on lanes").isPositive();
            AtomicBoolean returnedBeforeTheLanesRan = new AtomicBoolean();
            Thread caller = new Thread(() -> {
                try {
                    writer.write(empty);
                    returnedBeforeTheLanesRan.set(!held.ran());
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            caller.start();
            while (caller.getState() != Thread.State.WAITING && caller.getState() != Thread.State.TERMINATED) {
                Thread.onSpinWait(); // until the empty batch's call waits for the lanes or has returned
            }
            held.run();
            caller.join();
            assertThat(returnedBeforeTheLanesRan).as("write(empty) returned while the lanes read the batch before")
                    .isFalse();
            writer.finish();
        }
    }

    private static void fill(VectorSchemaRoot batch, int rows) {
        BigIntVector time = (BigIntVector) batch.getVector(0);
        Float8Vector x = (Float8Vector) batch.getVector(1);
        Float8Vector y = (Float8Vector) batch.getVector(2);
        for (int i = 0; i < rows; i++) {
            time.setSafe(i, i);
            x.setSafe(i, i * 0.5);
            y.setSafe(i, -i);
        }
        batch.setRowCount(rows);
    }

    /** Lanes whose work waits until the test lets it run, then runs on a thread of its own, in order. */
    private static final class HeldLanes implements Executor {
        private final List<Runnable> tasks = new ArrayList<>();
        private final CountDownLatch go = new CountDownLatch(1);
        private volatile boolean ran;
        private Thread runner;

        @Override
        public synchronized void execute(Runnable task) {
            if (runner == null) {
                runner = new Thread(this::runAll, "held-lanes");
                runner.setDaemon(true);
                runner.start();
            }
            tasks.add(task);
            notifyAll();
        }

        synchronized int queued() {
            return tasks.size();
        }

        boolean ran() {
            return ran;
        }

        void run() {
            go.countDown();
        }

        private void runAll() {
            try {
                go.await();
                while (true) {
                    Runnable next;
                    synchronized (this) {
                        while (tasks.isEmpty()) {
                            wait();
                        }
                        next = tasks.remove(0);
                    }
                    next.run();
                    ran = true;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
