package io.mosaicod.read.batch;

import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Builds a batch by appending rows of other batches of the same schema, column by column and buffer by buffer,
 * whatever the columns' nesting: ranges of consecutive rows, or rows picked in a given order (a gather, as a
 * sort needs). This is the one place rows move between Arrow batches — the time-ordered merge, the sort of
 * chunks stored out of order and the reads all go through it — so there is no per-value call on those paths.
 *
 * <p>Rows can be added from several batches before they are appended ({@link #source}, {@link #addRange},
 * {@link #appendAdded}): a merge that alternates between batches a few rows at a time then pays the work per
 * column once per call rather than once per range. Bounds are checked once per call, not per value.
 */
public final class BatchAppender {
    private final VectorSchemaRoot target;
    private final ColumnAppender[] columns;
    private final RowRanges ranges = new RowRanges();
    private VectorSchemaRoot[] sources = new VectorSchemaRoot[4];
    private int sourceCount;
    private ValueVector[] columnSources = new ValueVector[4];
    private int generation;
    private int rows;

    /** Appends to {@code target}, which must be empty; the caller keeps owning it. */
    public BatchAppender(VectorSchemaRoot target) {
        if (target.getRowCount() != 0) {
            throw new IllegalArgumentException("the target batch already holds " + target.getRowCount() + " rows");
        }
        this.target = target;
        List<FieldVector> vectors = target.getFieldVectors();
        this.columns = new ColumnAppender[vectors.size()];
        for (int c = 0; c < columns.length; c++) {
            columns[c] = ColumnAppender.forVector(vectors.get(c));
        }
    }

    /**
     * A new batch holding rows {@code [fromRow, fromRow + count)} of {@code from}; unlike a slice, it shares no
     * buffer with {@code from}, so whoever takes its buffers may keep them while {@code from} is refilled.
     */
    public static VectorSchemaRoot copyOf(VectorSchemaRoot from, int fromRow, int count, BufferAllocator allocator) {
        VectorSchemaRoot copy = VectorSchemaRoot.create(from.getSchema(), allocator);
        try {
            BatchAppender appender = new BatchAppender(copy);
            appender.appendRange(from, fromRow, count);
            return appender.batch();
        } catch (RuntimeException e) {
            copy.close();
            throw e;
        }
    }

    /** Appends rows {@code [fromRow, fromRow + count)} of {@code from}. */
    public void appendRange(VectorSchemaRoot from, int fromRow, int count) {
        addRange(source(from), fromRow, count);
        appendAdded();
    }

    /** Appends rows {@code order[offset]}, {@code order[offset + 1]}, … ({@code count} of them) of {@code from}. */
    public void appendRows(VectorSchemaRoot from, int[] order, int offset, int count) {
        addRows(source(from), order, offset, count);
        appendAdded();
    }

    /**
     * Numbers a batch that rows will be added from; the number is valid, and the batch must stay unchanged,
     * until the next {@link #appendAdded} (see {@link #generation}).
     */
    public int source(VectorSchemaRoot batch) {
        if (batch.getFieldVectors().size() != columns.length) {
            throw new IllegalArgumentException("the source batch has " + batch.getFieldVectors().size()
                    + " columns, the target " + columns.length);
        }
        if (sourceCount == sources.length) {
            sources = Arrays.copyOf(sources, sourceCount * 2);
        }
        sources[sourceCount] = batch;
        return sourceCount++;
    }

    /** Changes whenever source numbers are given up ({@link #appendAdded}): a number kept from another one is stale. */
    public int generation() {
        return generation;
    }

    /** Adds rows {@code [fromRow, fromRow + count)} of source {@code source}, to be appended after those added before. */
    public void addRange(int source, int fromRow, int count) {
        checkSource(source);
        ranges.add(source, fromRow, count);
    }

    /** Adds rows {@code order[offset]}, … ({@code count} of them) of source {@code source}. */
    public void addRows(int source, int[] order, int offset, int count) {
        checkSource(source);
        for (int i = offset; i < offset + count; i++) {
            ranges.add(source, order[i], 1);
        }
    }

    private void checkSource(int source) {
        if (source < 0 || source >= sourceCount) {
            throw new IllegalArgumentException("no source " + source + " (" + sourceCount + " numbered)");
        }
    }

    /**
     * Appends every row added since the last call, in the order added; the sources are then free to change.
     * Rows outside their source are refused before anything is copied, and the rows added are dropped.
     */
    public void appendAdded() {
        try {
            if (ranges.size() > 0) {
                ranges.requireWithinRows(sources, "the source batch");
                List<FieldVector> vectors = target.getFieldVectors();
                columnSources = ColumnAppender.room(columnSources, sourceCount);
                for (int c = 0; c < columns.length; c++) {
                    for (int s = 0; s < sourceCount; s++) {
                        columnSources[s] = sources[s].getVector(c);
                    }
                    columns[c].append(columnSources, ranges, vectors.get(c), rows);
                }
                rows += ranges.rows();
            }
        } finally {
            ranges.clear();
            Arrays.fill(sources, 0, sourceCount, null);
            Arrays.fill(columnSources, null);
            sourceCount = 0;
            generation++;
        }
    }

    /** Rows added since the last {@link #clear()}, appended or not yet. */
    public int rows() {
        return rows + ranges.rows();
    }

    /** The target, with everything added appended and its row count (every vector's value count) set. */
    public VectorSchemaRoot batch() {
        appendAdded();
        target.setRowCount(rows);
        return target;
    }

    /** Empties the target for the next batch, keeping its buffers. */
    public void clear() {
        ranges.clear();
        Arrays.fill(sources, 0, sourceCount, null);
        sourceCount = 0;
        generation++;
        for (FieldVector v : target.getFieldVectors()) {
            empty(v);
        }
        target.setRowCount(0);
        rows = 0;
    }

    /**
     * Empties {@code vector} and its children for refilling, as Arrow's {@code reset} does but without zeroing
     * values and offsets (a tenth of a merge's time): the appenders write every value and offset of the slots
     * they fill. What they do not write must still read as it would after a reset: a bitmap's bits past the last
     * slot (validity, a boolean's values) and the first offset of a column that gets no value.
     */
    private static void empty(FieldVector vector) {
        if (!(vector instanceof NonNullableStructVector) || vector instanceof StructVector) {
            zero(vector.getValidityBuffer(), Long.MAX_VALUE);
        }
        if (vector instanceof BitVector) {
            zero(vector.getDataBuffer(), Long.MAX_VALUE);
        } else if (vector instanceof BaseVariableWidthVector || vector instanceof ListVector) {
            zero(vector.getOffsetBuffer(), Integer.BYTES);
        } else if (vector instanceof BaseLargeVariableWidthVector || vector instanceof LargeListVector) {
            zero(vector.getOffsetBuffer(), Long.BYTES);
        }
        for (FieldVector child : vector.getChildrenFromFields()) {
            empty(child);
        }
    }

    /** Zeroes the first {@code bytes} bytes of {@code buffer}, or all of it if it holds fewer. */
    private static void zero(ArrowBuf buffer, long bytes) {
        buffer.setZero(0, Math.min(bytes, buffer.capacity()));
    }
}
