package io.mosaicod.read.merge;

import io.mosaicod.read.batch.BatchAppender;
import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;

/** An open run and the position of its next row. */
final class RunCursor {
    final long inputOrder;
    private final SortedRun run;
    VectorSchemaRoot batch;
    /** The batch's rows in run order, or null when they are stored in it. */
    private int[] order;
    private TimestampColumn timestamps;
    int row;
    /** This cursor's batch's number as a source of the merge's appender, and the appender generation it is of. */
    private int source;
    private int sourceGeneration = -1;

    private RunCursor(long inputOrder, SortedRun run) {
        this.inputOrder = inputOrder;
        this.run = run;
    }

    /** Opens the run and positions on its first row; returns null (and closes it) if the run is empty. */
    static RunCursor open(RunSource source) throws IOException {
        SortedRun run = source.opener().open();
        RunCursor cursor = new RunCursor(source.inputOrder(), run);
        try {
            if (!cursor.loadNextBatch()) {
                run.close();
                return null;
            }
        } catch (Throwable e) { // errors too: whatever ends the merge, the run's reader holds buffers
            cursor.closeQuietly(); // e.g. a corrupt first page
            throw e;
        }
        return cursor;
    }

    boolean currentIsNull() {
        return isNull(row);
    }

    long current() {
        return timestamp(row);
    }

    boolean isNull(int r) {
        return timestamps.isNull(order == null ? r : order[r]);
    }

    long timestamp(int r) {
        return timestamps.get(order == null ? r : order[r]);
    }

    /**
     * Adds the {@code count} rows from the current one to {@code out}, in run order; they are appended with the
     * next {@link BatchAppender#appendAdded}, which must come before this cursor moves to another batch.
     */
    void addTo(BatchAppender out, int count) {
        if (sourceGeneration != out.generation()) {
            source = out.source(batch);
            sourceGeneration = out.generation();
        }
        if (order == null) {
            out.addRange(source, row, count);
        } else {
            out.addRows(source, order, row, count);
        }
    }

    /** Whether moving past {@code count} rows leaves the current batch (for another, or the run's end). */
    boolean leavesBatch(int count) {
        return row + count >= batch.getRowCount();
    }

    /** Whether {@code count} rows from the current one are the whole batch, stored in run order. */
    boolean isWholeBatch(int count) {
        return row == 0 && order == null && count == batch.getRowCount();
    }

    int batchRows() {
        return batch.getRowCount();
    }

    /** Moves past {@code count} rows; returns false when the run is exhausted (and then closes it). */
    boolean advance(int count) throws IOException {
        row += count;
        if (row < batch.getRowCount()) {
            return true;
        }
        if (loadNextBatch()) {
            return true;
        }
        run.close();
        return false;
    }

    private boolean loadNextBatch() throws IOException {
        VectorSchemaRoot next;
        do {
            next = run.nextBatch();
        } while (next != null && next.getRowCount() == 0);
        if (next == null) {
            batch = null;
            return false;
        }
        batch = next;
        sourceGeneration = -1;
        order = run.rowOrder();
        if (order != null && order.length != next.getRowCount()) {
            throw new IllegalStateException("run " + inputOrder + " ordered " + order.length + " rows of a batch of "
                    + next.getRowCount());
        }
        timestamps = new TimestampColumn(next);
        row = 0;
        return true;
    }

    void closeQuietly() {
        try {
            run.close();
        } catch (IOException | RuntimeException ignored) {
            // already failing: the first error is the one reported
        }
    }

    /** Total order of rows across runs: timestamp (nulls last), then input order of the run. */
    static int compareHeads(RunCursor a, RunCursor b) {
        int c = TimestampColumn.compare(a.currentIsNull(), a.currentIsNull() ? 0 : a.current(),
                b.currentIsNull(), b.currentIsNull() ? 0 : b.current());
        return c != 0 ? c : Long.compare(a.inputOrder, b.inputOrder);
    }
}
