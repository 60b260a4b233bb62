package io.mosaicod.tasks.optimizer;

import io.mosaicod.read.merge.SortedRun;
import io.mosaicod.read.BackgroundThreads;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens the merge's next chunk runs on background threads, first batch decoded, while the merge works on the
 * runs before them. Opening a chunk (parsing its footer) and decoding its first batch was a third of the
 * merge thread's time in a pass over 2,000 small chunks (docs/benchmarks.md): work the other core can do.
 *
 * <p>Runs are opened in the order the merge asks for them ({@link MergeInputs#openingOrder}), while the
 * decoded bytes of the runs opened and not yet taken ({@link RunPlan#openCost()}) stay within a bound, so
 * this holds at most that much beyond what the memory pool accounts for. A run asked for that is not opened
 * ahead is opened on the caller's thread, as it would be without this class; a run that failed to open
 * ahead throws its error when it is asked for.
 */
final class RunsAhead implements AutoCloseable {
    /** Opens one chunk run (on whichever thread calls it). */
    @FunctionalInterface
    interface Opener {
        SortedRun open(RunPlan.ChunkRun run) throws IOException;
    }

    private static final Logger LOG = LoggerFactory.getLogger(RunsAhead.class);

    private final Opener opener;
    private final long aheadBytes;
    private final ExecutorService openers;
    private final Deque<RunPlan.ChunkRun> toOpen;
    private final Map<RunPlan.ChunkRun, CompletableFuture<SortedRun>> opening = new HashMap<>();
    private long heldBytes;
    private boolean closed;

    /**
     * @param runs the chunk runs in the order they will be asked for
     * @param aheadBytes the most decoded bytes of runs opened ahead and not yet taken (one run is always allowed)
     */
    RunsAhead(Opener opener, List<RunPlan.ChunkRun> runs, long aheadBytes, int threads) {
        this.opener = opener;
        this.aheadBytes = aheadBytes;
        this.toOpen = new ArrayDeque<>(runs);
        this.openers = BackgroundThreads.fixedPool("run-open", threads);
        synchronized (this) {
            openMore();
        }
    }

    /** The run, opened with its first batch decoded: ahead if it was, else now. */
    SortedRun take(RunPlan.ChunkRun run) throws IOException {
        CompletableFuture<SortedRun> ahead;
        synchronized (this) {
            ahead = opening.remove(run);
            if (ahead == null) {
                toOpen.remove(run); // asked for out of order: never opened ahead now
            }
        }
        if (ahead == null) {
            return opener.open(run);
        }
        try {
            return BackgroundThreads.await(ahead, "opening a run ahead");
        } catch (InterruptedIOException e) {
            ahead.thenAccept(RunsAhead::closeQuietly); // nobody else will: it is no longer in `opening`
            throw e;
        } finally {
            release(run.openCost());
        }
    }

    /** Stops opening and closes the runs opened ahead and never taken. */
    @Override
    public void close() {
        List<CompletableFuture<SortedRun>> untaken;
        synchronized (this) {
            closed = true;
            toOpen.clear();
            untaken = new ArrayList<>(opening.values());
            opening.clear();
        }
        // interrupts the openings under way and waits for them, even if this thread is interrupted: the caller
        // frees the memory they decode into next
        if (!BackgroundThreads.stopAndAwait(openers, Duration.ofMinutes(1))) {
            LOG.warn("runs opened ahead did not stop within a minute of being cancelled");
        }
        for (CompletableFuture<SortedRun> run : untaken) {
            run.thenAccept(RunsAhead::closeQuietly);
        }
    }

    private void openMore() {
        while (!closed && !toOpen.isEmpty()
                && (opening.isEmpty() || heldBytes + toOpen.peekFirst().openCost() <= aheadBytes)) {
            RunPlan.ChunkRun run = toOpen.pollFirst();
            heldBytes += run.openCost();
            opening.put(run, CompletableFuture.supplyAsync(() -> openWithFirstBatch(run), openers));
        }
    }

    private SortedRun openWithFirstBatch(RunPlan.ChunkRun run) {
        try {
            SortedRun opened = opener.open(run);
            try {
                return new FirstBatchDecoded(opened, opened.nextBatch());
            } catch (IOException | RuntimeException e) {
                closeQuietly(opened);
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private synchronized void release(long bytes) {
        heldBytes -= bytes;
        openMore();
    }

    private static void closeQuietly(SortedRun run) {
        try {
            run.close();
        } catch (IOException | RuntimeException e) {
            LOG.debug("closing a run opened ahead and never used failed: {}", e.toString());
        }
    }

    /** A run whose first batch was decoded ahead: hands that batch out first. */
    private static final class FirstBatchDecoded implements SortedRun {
        private final SortedRun run;
        private VectorSchemaRoot first;
        private boolean firstTaken;

        FirstBatchDecoded(SortedRun run, VectorSchemaRoot first) {
            this.run = run;
            this.first = first;
        }

        @Override
        public VectorSchemaRoot nextBatch() throws IOException {
            if (!firstTaken) {
                firstTaken = true;
                VectorSchemaRoot batch = first;
                first = null;
                return batch;
            }
            return run.nextBatch();
        }

        @Override
        public int[] rowOrder() {
            return run.rowOrder(); // the first batch's order too: the run served it
        }

        @Override
        public void close() throws IOException {
            run.close();
        }
    }
}
