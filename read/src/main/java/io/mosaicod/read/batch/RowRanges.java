package io.mosaicod.read.batch;

import java.util.Arrays;
import org.apache.arrow.vector.ValueVector;

/**
 * The rows to append, as ranges {@code [start, start + length)} of numbered sources (the batches being merged),
 * in the order they are appended. Adjacent ranges of one source are joined as they are added, so a gather of
 * nearly ordered rows becomes a few long copies. A list's ranges map to exactly one range of its child each
 * (of the same source), so the same shape serves every depth.
 */
public final class RowRanges {
    private int[] sources = new int[16];
    private int[] starts = new int[16];
    private int[] lengths = new int[16];
    private int size;
    private int rows;
    /** Per source: where its last range ends, at most (for the bounds check). */
    private int[] ends = new int[4];
    private int sourceCount;

    /** Forgets every range, keeping the arrays. */
    public void clear() {
        size = 0;
        rows = 0;
        Arrays.fill(ends, 0, sourceCount, 0);
        sourceCount = 0;
    }

    /** Appends {@code [start, start + length)} of source 0; an empty range is ignored. */
    public void add(int start, int length) {
        add(0, start, length);
    }

    /** Appends {@code [start, start + length)} of {@code source}; an empty range is ignored. */
    public void add(int source, int start, int length) {
        if (length <= 0 || start < 0) {
            if (length < 0 || start < 0) {
                throw new IllegalArgumentException("range [" + start + ", " + ((long) start + length) + ") of source "
                        + source + " is not a range of rows");
            }
            return;
        }
        int end = Math.addExact(start, length);
        if (size > 0 && sources[size - 1] == source && starts[size - 1] + lengths[size - 1] == start) {
            lengths[size - 1] += length;
        } else {
            if (size == starts.length) {
                sources = Arrays.copyOf(sources, size * 2);
                starts = Arrays.copyOf(starts, size * 2);
                lengths = Arrays.copyOf(lengths, size * 2);
            }
            sources[size] = source;
            starts[size] = start;
            lengths[size] = length;
            size++;
        }
        rows = Math.addExact(rows, length);
        if (source >= ends.length) {
            ends = Arrays.copyOf(ends, Math.max(source + 1, ends.length * 2));
        }
        ends[source] = Math.max(ends[source], end);
        sourceCount = Math.max(sourceCount, source + 1);
    }

    /** Number of ranges. */
    int size() {
        return size;
    }

    int source(int range) {
        return sources[range];
    }

    int start(int range) {
        return starts[range];
    }

    int length(int range) {
        return lengths[range];
    }

    /** Rows in all ranges together. */
    public int rows() {
        return rows;
    }

    /** Sources the ranges are numbered from: 0 up to this, exclusive. */
    int sourceCount() {
        return sourceCount;
    }

    /** The same for whole batches: every range within its source batch's rows. */
    void requireWithinRows(org.apache.arrow.vector.VectorSchemaRoot[] from, String what) {
        for (int s = 0; s < sourceCount; s++) {
            if (ends[s] > from[s].getRowCount()) {
                throw new IllegalArgumentException("rows up to " + ends[s] + " of source " + s + " of " + what
                        + " lie outside its " + from[s].getRowCount() + " rows");
            }
        }
    }

    /**
     * Checks that every range lies within its source's values, at the cost of one comparison per source (the
     * ranges' bounds are kept as they are added): the copies read memory without bounds checks.
     */
    void requireWithin(ValueVector[] from, String what) {
        for (int s = 0; s < sourceCount; s++) {
            if (ends[s] > from[s].getValueCount()) {
                throw new IllegalArgumentException("rows up to " + ends[s] + " of source " + s + " of " + what
                        + " lie outside its " + from[s].getValueCount() + " values");
            }
        }
    }
}
