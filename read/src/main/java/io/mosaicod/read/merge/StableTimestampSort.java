package io.mosaicod.read.merge;

import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The time order of one batch's rows — {@code timestamp_ns} ascending, nulls last, equal timestamps in their
 * order — for chunks that were not written in time order. Only a permutation of row indexes is sorted (a stable
 * merge sort over the timestamps copied into a primitive array); the rows themselves are moved once, by
 * whoever reads them in that order.
 */
public final class StableTimestampSort {
    private StableTimestampSort() {
    }

    /** Whether the batch is already in order, so sorting can be skipped. */
    public static boolean isSorted(VectorSchemaRoot batch) {
        TimestampColumn ts = new TimestampColumn(batch);
        boolean previousNull = false;
        long previous = Long.MIN_VALUE;
        for (int r = 0; r < ts.rows(); r++) {
            boolean isNull = ts.isNull(r);
            long value = isNull ? 0 : ts.get(r);
            if (r > 0 && TimestampColumn.compare(previousNull, previous, isNull, value) > 0) {
                return false;
            }
            previousNull = isNull;
            previous = value;
        }
        return true;
    }

    /** Row indexes of {@code batch} in time order: row {@code i} of the sorted batch is row {@code order[i]}. */
    public static int[] sortedOrder(VectorSchemaRoot batch) {
        TimestampColumn ts = new TimestampColumn(batch);
        int n = ts.rows();
        int[] order = new int[n];
        long[] keys = new long[n];
        int present = 0;
        for (int r = 0; r < n; r++) {
            if (!ts.isNull(r)) {
                keys[r] = ts.get(r);
                order[present++] = r;
            }
        }
        int nulls = present;
        for (int r = 0; r < n; r++) {
            if (ts.isNull(r)) {
                order[nulls++] = r;
            }
        }
        mergeSort(keys, order, new int[present], 0, present);
        return order;
    }

    private static void mergeSort(long[] keys, int[] a, int[] scratch, int from, int to) {
        if (to - from <= 16) {
            insertionSort(keys, a, from, to);
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(keys, a, scratch, from, mid);
        mergeSort(keys, a, scratch, mid, to);
        if (keys[a[mid - 1]] <= keys[a[mid]]) {
            return; // halves already in order: common for nearly sorted chunks
        }
        System.arraycopy(a, from, scratch, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && keys[scratch[i]] <= keys[scratch[j]])) {
                a[k] = scratch[i++];
            } else {
                a[k] = scratch[j++];
            }
        }
    }

    private static void insertionSort(long[] keys, int[] a, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            int x = a[i];
            long key = keys[x];
            int j = i - 1;
            while (j >= from && keys[a[j]] > key) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = x;
        }
    }
}
