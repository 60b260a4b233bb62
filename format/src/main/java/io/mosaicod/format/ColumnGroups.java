package io.mosaicod.format;

import io.mosaicod.core.Failures;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.hadoop.metadata.BlockMetaData;

/**
 * A chunk's columns grouped by top-level field, and the decoding of a batch group by group — on helper threads
 * too, when the reader has them. Groups share no vector (a struct or list is shared only by columns below the
 * same top-level field, which one thread decodes in reading order, as {@link SharedAncestors} needs), so a
 * large row group of an optimized topic, which one thread used to decode while the other core waited, is
 * decoded by both. Columns that parquet-java reads in this row group stay on the calling thread: its page
 * readers share a decompressor.
 *
 * <p>The calling thread decodes groups itself until none is left unclaimed, then waits only for those a
 * helper took: a helper that starts late finds nothing to do, so a busy or exhausted pool slows a batch down
 * but never blocks it.
 */
final class ColumnGroups {

    private final List<List<ColumnAssembler>> groups = new ArrayList<>();
    private final Executor helpers;
    private final int helperCount;
    /** Per group, in the current row group: every column decoded by {@link PlainColumnDecoder}. */
    private boolean[] direct = new boolean[0];
    /** The groups in the order threads take them. */
    private List<Integer> largestFirst = List.of();
    /** Per column, in assembler order: the rows it read in the batch being decoded. */
    private final int[] rows;
    /** Per group, the assembler index of its first column. */
    private final int[] firstColumn;

    /** {@code helpers} may be null (the calling thread decodes every group). */
    ColumnGroups(List<ColumnAssembler> assemblers, Executor helpers, int helperCount) {
        List<ColumnAssembler> group = null;
        int ordinal = -1;
        for (ColumnAssembler a : assemblers) {
            if (group == null || a.topLevelOrdinal() != ordinal) {
                group = new ArrayList<>();
                groups.add(group);
                ordinal = a.topLevelOrdinal();
            }
            group.add(a);
        }
        this.helpers = helpers;
        this.helperCount = helpers == null ? 0 : helperCount;
        this.rows = new int[assemblers.size()];
        this.firstColumn = new int[groups.size()];
        for (int g = 1; g < groups.size(); g++) {
            firstColumn[g] = firstColumn[g - 1] + groups.get(g - 1).size();
        }
    }

    /**
     * Notes which groups decode directly in {@code block}, the row group its columns were just started on, and
     * orders them largest first by their bytes there: the thread that takes the last group is the one the batch
     * waits for, so that one should be small.
     */
    void startRowGroup(BlockMetaData block) {
        direct = new boolean[groups.size()];
        long[] bytes = new long[groups.size()];
        for (int g = 0; g < groups.size(); g++) {
            direct[g] = groups.get(g).stream().allMatch(ColumnAssembler::decodesDirectly);
            for (ColumnAssembler a : groups.get(g)) {
                bytes[g] += a.chunkOf(block).getTotalUncompressedSize();
            }
        }
        largestFirst = IntStream.range(0, groups.size()).boxed()
                .sorted(Comparator.comparingLong((Integer g) -> bytes[g]).reversed()).toList();
    }

    /**
     * Decodes up to {@code limit} rows of every column into {@code root}; returns each column's rows, in
     * assembler order (the caller checks that they agree). The array is reused by the next batch.
     */
    int[] readRows(VectorSchemaRoot root, int limit) throws IOException {
        List<Integer> shared = new ArrayList<>(); // groups any thread may decode
        for (int g : largestFirst) {
            if (direct[g] && helperCount > 0) {
                shared.add(g);
            } else {
                decode(g, root, limit);
            }
        }
        if (shared.size() < 2) {
            for (int g : shared) {
                decode(g, root, limit);
            }
            return rows;
        }
        Batch batch = new Batch(shared, root, limit);
        for (int h = 0; h < Math.min(helperCount, shared.size() - 1); h++) {
            try {
                helpers.execute(batch::work);
            } catch (RejectedExecutionException e) {
                break; // the read is ending: the calling thread does it all
            }
        }
        batch.work();
        batch.awaitClaimed();
        return rows;
    }

    private void decode(int group, VectorSchemaRoot root, int limit) throws IOException {
        int column = firstColumn[group];
        for (ColumnAssembler a : groups.get(group)) {
            a.startBatch(root);
            rows[column++] = a.readRows(limit);
        }
    }

    /** One batch's groups that any thread may decode, claimed one at a time. */
    private final class Batch {
        private final List<Integer> groupsLeft;
        private final VectorSchemaRoot root;
        private final int limit;
        private final AtomicInteger next = new AtomicInteger();
        private final CountDownLatch done;
        private volatile Throwable failure;

        Batch(List<Integer> groupsLeft, VectorSchemaRoot root, int limit) {
            this.groupsLeft = groupsLeft;
            this.root = root;
            this.limit = limit;
            this.done = new CountDownLatch(groupsLeft.size());
        }

        void work() {
            for (int i; (i = next.getAndIncrement()) < groupsLeft.size(); done.countDown()) {
                if (failure != null) {
                    continue; // the batch has failed: the rest is only counted off
                }
                try {
                    decode(groupsLeft.get(i), root, limit);
                } catch (Throwable e) {
                    failure = e;
                }
            }
        }

        /**
         * Waits for the groups helpers are decoding, through interruption too (their vectors must not be
         * released under them), and fails as the first failed group did.
         */
        void awaitClaimed() throws IOException {
            boolean interrupted = false;
            while (true) {
                try {
                    done.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            Throwable failed = failure;
            if (failed != null) {
                throw Failures.rethrow(failed, "decoding a group of columns");
            }
        }
    }
}
