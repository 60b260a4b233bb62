package io.mosaicod.read.batch;

import java.util.Arrays;

/**
 * The rows to append from one source vector, as ranges {@code [start, start + length)} in the order they are
 * appended. Adjacent ranges are joined as they are added, so a gather of nearly ordered rows becomes a few long
 * copies. A list's ranges map to exactly one range of its child each, so the same shape serves every depth.
 */
public final class RowRanges {
    private int[] starts = new int[16];
    private int[] lengths = new int[16];
    private int size;
    private int rows;
    private int lowest = Integer.MAX_VALUE;
    private int end;

    /** Forgets every range, keeping the arrays. */
    public void clear() {
        size = 0;
        rows = 0;
        lowest = Integer.MAX_VALUE;
        end = 0;
    }

    /** Appends {@code [start, start + length)}; an empty range is ignored. */
    public void add(int start, int length) {
        if (length <= 0) {
            if (length < 0) {
                throw new IllegalArgumentException("negative range length " + length + " at " + start);
            }
            return;
        }
        if (size > 0 && starts[size - 1] + lengths[size - 1] == start) {
            lengths[size - 1] += length;
        } else {
            if (size == starts.length) {
                starts = Arrays.copyOf(starts, size * 2);
                lengths = Arrays.copyOf(lengths, size * 2);
            }
            starts[size] = start;
            lengths[size] = length;
            size++;
        }
        rows = Math.addExact(rows, length);
        lowest = Math.min(lowest, start);
        end = Math.max(end, Math.addExact(start, length));
    }

    /** Number of ranges. */
    int size() {
        return size;
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

    /**
     * Checks that every range lies within a source of {@code valueCount} values, at the cost of one comparison
     * (the ranges' bounds are kept as they are added): the copies read memory without bounds checks.
     */
    void requireWithin(int valueCount, String what) {
        if (size > 0 && (lowest < 0 || end > valueCount)) {
            throw new IllegalArgumentException("rows [" + lowest + ", " + end + ") of " + what
                    + " lie outside its " + valueCount + " values");
        }
    }
}
