package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.read.merge.SortedRun;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Runs opened ahead of the merge: the same batches as opened in place, errors at the run that caused them,
 * within the bound, and nothing left allocated after close. The runs are real Arrow batches, one per run,
 * holding the run's ordinal in every row.
 */
@Tag("fast")
class RunsAheadTest {
    private static final long COST = 1000;

    private final BufferAllocator allocator = new RootAllocator();
    private final Set<Integer> opened = ConcurrentHashMap.newKeySet();
    private final AtomicInteger openNotTaken = new AtomicInteger();
    private final AtomicInteger mostOpenNotTaken = new AtomicInteger();

    @AfterEach
    void noArrowMemoryLeft() {
        assertThat(allocator.getAllocatedMemory()).as("Arrow bytes still allocated").isZero();
        allocator.close();
    }

    @Test
    void runsTakenInOrderHandOutTheirBatchesAndAreOpenedAheadWithinTheBound() throws IOException {
        List<RunPlan.ChunkRun> runs = runs(20);
        try (RunsAhead ahead = new RunsAhead(this::open, runs, 3 * COST, 2)) {
            for (RunPlan.ChunkRun run : runs) {
                openNotTaken.decrementAndGet(); // counted as taken from here on: take() may open the next ones
                try (SortedRun taken = ahead.take(run)) {
                    assertThat(valuesOf(taken)).as("run %d", run.firstOrdinal()).containsOnly((long) run.firstOrdinal());
                }
            }
        }
        assertThat(opened).hasSize(20);
        assertThat(mostOpenNotTaken.get()).as("runs opened and not yet taken, at most").isBetween(1, 3);
    }

    @Test
    void aRunAskedForOutOfOrderIsOpenedInPlaceAndNotAgainAhead() throws IOException {
        List<RunPlan.ChunkRun> runs = runs(6);
        try (RunsAhead ahead = new RunsAhead(this::open, runs, COST, 1)) {
            try (SortedRun last = ahead.take(runs.get(5))) {
                openNotTaken.decrementAndGet();
                assertThat(valuesOf(last)).containsOnly(5L);
            }
            for (RunPlan.ChunkRun run : runs.subList(0, 5)) {
                try (SortedRun taken = ahead.take(run)) {
                    openNotTaken.decrementAndGet();
                    assertThat(valuesOf(taken)).containsOnly((long) run.firstOrdinal());
                }
            }
        }
        assertThat(opened).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5);
    }

    @Test
    void aRunThatFailedToOpenAheadThrowsItsErrorWhenTaken() throws IOException {
        List<RunPlan.ChunkRun> runs = runs(4);
        RunsAhead.Opener failingOnTwo = run -> {
            if (run.firstOrdinal() == 2) {
                throw new IOException("chunk 2 is corrupt");
            }
            return open(run);
        };
        try (RunsAhead ahead = new RunsAhead(failingOnTwo, runs, 10 * COST, 2)) {
            ahead.take(runs.get(0)).close();
            ahead.take(runs.get(1)).close();
            assertThatThrownBy(() -> ahead.take(runs.get(2))).isInstanceOf(IOException.class)
                    .hasMessage("chunk 2 is corrupt");
            ahead.take(runs.get(3)).close();
        }
    }

    @Test
    void closingFreesTheRunsOpenedAheadAndNeverTaken() throws Exception {
        List<RunPlan.ChunkRun> runs = runs(10);
        CountDownLatch fiveOpened = new CountDownLatch(5);
        try (RunsAhead ahead = new RunsAhead(run -> {
            SortedRun r = open(run);
            fiveOpened.countDown();
            return r;
        }, runs, 5 * COST, 2)) {
            assertThat(fiveOpened.await(30, TimeUnit.SECONDS)).as("five runs opened ahead").isTrue();
        }
        // noArrowMemoryLeft() checks that their batches were released
    }

    @Test
    void aRunOpenedAheadStillTellsTheOrderOfItsRows() throws IOException {
        List<RunPlan.ChunkRun> runs = runs(3);
        int[] order = {2, 0, 1};
        RunsAhead.Opener unsorted = run -> {
            SortedRun batch = open(run);
            return new SortedRun() {
                @Override
                public VectorSchemaRoot nextBatch() throws IOException {
                    return batch.nextBatch();
                }

                @Override
                public int[] rowOrder() {
                    return order;
                }

                @Override
                public void close() throws IOException {
                    batch.close();
                }
            };
        };
        try (RunsAhead ahead = new RunsAhead(unsorted, runs, 3 * COST, 2)) {
            for (RunPlan.ChunkRun run : runs) {
                try (SortedRun taken = ahead.take(run)) {
                    assertThat(taken.nextBatch()).isNotNull();
                    assertThat(taken.rowOrder()).as("run %d", run.firstOrdinal()).containsExactly(order);
                }
            }
        }
    }

    private SortedRun open(RunPlan.ChunkRun run) {
        opened.add(run.firstOrdinal());
        mostOpenNotTaken.accumulateAndGet(openNotTaken.incrementAndGet(), Math::max);
        VectorSchemaRoot root = VectorSchemaRoot.of(new BigIntVector("timestamp_ns", allocator));
        BigIntVector ts = (BigIntVector) root.getVector(0);
        ts.allocateNew(3);
        for (int i = 0; i < 3; i++) {
            ts.set(i, run.firstOrdinal());
        }
        root.setRowCount(3);
        return new SortedRun() {
            private boolean given;

            @Override
            public VectorSchemaRoot nextBatch() {
                if (given) {
                    return null;
                }
                given = true;
                return root;
            }

            @Override
            public void close() {
                root.close();
            }
        };
    }

    private static List<Long> valuesOf(SortedRun run) throws IOException {
        List<Long> values = new ArrayList<>();
        for (VectorSchemaRoot batch = run.nextBatch(); batch != null; batch = run.nextBatch()) {
            BigIntVector ts = (BigIntVector) batch.getVector(0);
            for (int i = 0; i < batch.getRowCount(); i++) {
                values.add(ts.get(i));
            }
        }
        return values;
    }

    private static List<RunPlan.ChunkRun> runs(int count) {
        List<RunPlan.ChunkRun> runs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ChunkSpan chunk = new ChunkSpan(i, "tp_X/data/" + i + ".parquet", 100, COST, 3, (long) i, (long) i, true,
                    false);
            runs.add(new RunPlan.ChunkRun(chunk, COST));
        }
        return runs;
    }
}
