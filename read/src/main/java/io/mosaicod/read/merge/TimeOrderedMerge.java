package io.mosaicod.read.merge;

import io.mosaicod.read.batch.BatchAppender;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Streaming k-way merge of sorted runs into one stream of batches in {@code timestamp_ns} order
 * (ascending, nulls last, ties in input order).
 *
 * <p>Runs are opened lazily in order of their smallest timestamp, so for chunks that are each sorted and
 * nearly time-ordered only the few that overlap the current position are decoded at once. Rows are copied
 * in ranges: from the run holding the smallest row, every following row that still sorts before the
 * next competitor (another open run's head, or the first row a not-yet-opened run could have) goes out in
 * one range, which makes already ordered input cheap; ranges of several runs are collected and copied
 * together, column by column, until a run is about to leave its batch or the output batch is full. A run's
 * batch that goes out whole and alone (disjoint runs: an optimized topic) is handed to the sink as it is.
 */
public final class TimeOrderedMerge {

    /**
     * Receives each output batch: the merge's own or a run's. Either is refilled after {@code accept} returns, so
     * the sink may take its buffers ({@code Batches.move}, {@code Batches.swap}) but must not keep the batch.
     */
    @FunctionalInterface
    public interface BatchSink {
        void accept(VectorSchemaRoot batch) throws IOException;
    }

    /** What a merge did. */
    public record Result(long rows, int maxOpenRuns) {
    }

    private final Schema schema;
    private final Deque<RunSource> pending;
    private final PriorityQueue<RunCursor> open = new PriorityQueue<>(RunCursor::compareHeads);
    private final int outputBatchRows;
    private final BatchSink sink;
    private final VectorSchemaRoot out;
    private final BatchAppender appender;
    private long rowsEmitted;
    private int maxOpenRuns;

    private TimeOrderedMerge(Schema schema, List<RunSource> runs, BufferAllocator allocator, int outputBatchRows,
                             BatchSink sink) {
        if (outputBatchRows < 1) {
            throw new IllegalArgumentException("outputBatchRows must be >= 1, got " + outputBatchRows);
        }
        List<RunSource> byOpening = new ArrayList<>(runs);
        byOpening.sort(RunSource.openingOrder(RunSource::minTimestampNs, RunSource::inputOrder));
        this.schema = schema;
        this.pending = new ArrayDeque<>(byOpening);
        this.outputBatchRows = outputBatchRows;
        this.sink = sink;
        this.out = VectorSchemaRoot.create(schema, allocator);
        try {
            this.appender = new BatchAppender(out);
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** Merges {@code runs} (all of {@code schema}) into batches of at most {@code outputBatchRows} rows. */
    public static Result merge(Schema schema, List<RunSource> runs, BufferAllocator allocator, int outputBatchRows,
                               BatchSink sink) throws IOException {
        TimeOrderedMerge merge = new TimeOrderedMerge(schema, runs, allocator, outputBatchRows, sink);
        try {
            merge.run();
            return new Result(merge.rowsEmitted, merge.maxOpenRuns);
        } finally {
            merge.close();
        }
    }

    private void run() throws IOException {
        while (true) {
            openDueRuns();
            RunCursor head = open.poll();
            if (head == null) {
                break;
            }
            boolean alive;
            try {
                int count = Math.min(rowsBeforeNextCompetitor(head), outputBatchRows - appender.rows());
                if (appender.rows() == 0 && head.isWholeBatch(count)) {
                    sink.accept(head.batch); // already the output batch: no copy
                } else {
                    head.addTo(appender, count);
                    if (head.leavesBatch(count)) {
                        appender.appendAdded(); // its batch is about to be refilled or released
                    }
                    if (appender.rows() == outputBatchRows) {
                        flush();
                    }
                }
                rowsEmitted += count;
                alive = head.advance(count);
            } catch (Throwable e) { // errors too: the head is in no list that close() empties
                head.closeQuietly();
                throw e;
            }
            if (alive) {
                open.add(head);
            }
        }
        flush();
    }

    /** Opens every pending run whose first row could sort before (or at) the current smallest open row. */
    private void openDueRuns() throws IOException {
        while (!pending.isEmpty()) {
            RunCursor head = open.peek();
            boolean due = head == null || pending.peekFirst().dueAt(head.currentIsNull(), head.current());
            if (!due) {
                return;
            }
            RunCursor cursor = RunCursor.open(pending.pollFirst());
            if (cursor != null) {
                try {
                    requireSchema(cursor);
                } catch (RuntimeException e) {
                    cursor.closeQuietly(); // not yet among the open runs that close() releases
                    throw e;
                }
                open.add(cursor);
                maxOpenRuns = Math.max(maxOpenRuns, open.size());
            }
        }
    }

    /** How many rows of {@code head}'s batch, from its position, sort before every other candidate row. */
    private int rowsBeforeNextCompetitor(RunCursor head) {
        RunCursor rival = open.peek();
        RunSource unopened = pending.peekFirst();
        int end = head.batchRows();
        // a run's rows are in order, so when its batch's last row sorts first, all of them do
        if (sortsBefore(head, end - 1, rival) && sortsBeforeUnopened(head, end - 1, unopened)) {
            return end - head.row;
        }
        int r = head.row + 1; // the head row itself is the smallest of all
        while (r < end && sortsBefore(head, r, rival) && sortsBeforeUnopened(head, r, unopened)) {
            r++;
        }
        return r - head.row;
    }

    private static boolean sortsBefore(RunCursor run, int row, RunCursor rival) {
        if (rival == null) {
            return true;
        }
        boolean rowNull = run.isNull(row);
        int c = TimestampColumn.compare(rowNull, rowNull ? 0 : run.timestamp(row),
                rival.currentIsNull(), rival.currentIsNull() ? 0 : rival.current());
        return c < 0 || (c == 0 && run.inputOrder < rival.inputOrder);
    }

    private static boolean sortsBeforeUnopened(RunCursor run, int row, RunSource unopened) {
        if (unopened == null || unopened.minTimestampNs() == null) {
            // a run without timestamps only holds null rows, which sort by input order among nulls
            return unopened == null || !run.isNull(row) || run.inputOrder < unopened.inputOrder();
        }
        if (run.isNull(row)) {
            return false;
        }
        long ts = run.timestamp(row);
        long min = unopened.minTimestampNs();
        return ts < min || (ts == min && run.inputOrder < unopened.inputOrder());
    }

    private void requireSchema(RunCursor cursor) {
        if (!cursor.batch.getSchema().getFields().equals(schema.getFields())) {
            throw new IllegalStateException("run " + cursor.inputOrder + " has schema "
                    + cursor.batch.getSchema() + ", expected " + schema);
        }
    }

    private void flush() throws IOException {
        if (appender.rows() == 0) {
            return;
        }
        sink.accept(appender.batch());
        appender.clear();
    }

    private void close() {
        for (RunCursor cursor : open) {
            cursor.closeQuietly();
        }
        open.clear();
        out.close();
    }
}
