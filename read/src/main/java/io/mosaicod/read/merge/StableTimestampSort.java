package io.mosaicod.read.merge;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Sorts one batch by {@code timestamp_ns} (ascending, nulls last, equal timestamps keep their order), for
 * chunks that were not written in time order. Sorts a permutation of row indexes (a stable merge sort on
 * primitive arrays), then gathers every column once.
 */
public final class StableTimestampSort {
    private StableTimestampSort() {
    }

    /** Whether the batch is already in order, so sorting can be skipped. */
    public static boolean isSorted(VectorSchemaRoot batch) {
        TimestampColumn ts = new TimestampColumn(batch);
        for (int r = 1; r < batch.getRowCount(); r++) {
            if (compareRows(ts, r - 1, r) > 0) {
                return false;
            }
        }
        return true;
    }

    /** A new batch (owned by the caller) with the rows of {@code batch} in time order. */
    public static VectorSchemaRoot sortedCopy(VectorSchemaRoot batch, BufferAllocator allocator) {
        int[] order = sortedOrder(batch);
        VectorSchemaRoot sorted = VectorSchemaRoot.create(batch.getSchema(), allocator);
        try {
            for (int c = 0; c < batch.getFieldVectors().size(); c++) {
                FieldVector from = batch.getVector(c);
                FieldVector to = sorted.getVector(c);
                for (int i = 0; i < order.length; i++) {
                    to.copyFromSafe(order[i], i, from);
                }
            }
            sorted.setRowCount(order.length);
            return sorted;
        } catch (RuntimeException e) {
            sorted.close();
            throw e;
        }
    }

    static int[] sortedOrder(VectorSchemaRoot batch) {
        TimestampColumn ts = new TimestampColumn(batch);
        int n = batch.getRowCount();
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        int[] scratch = new int[n];
        mergeSort(ts, order, scratch, 0, n);
        return order;
    }

    private static void mergeSort(TimestampColumn ts, int[] a, int[] scratch, int from, int to) {
        if (to - from <= 16) {
            insertionSort(ts, a, from, to);
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(ts, a, scratch, from, mid);
        mergeSort(ts, a, scratch, mid, to);
        if (compareRows(ts, a[mid - 1], a[mid]) <= 0) {
            return; // halves already in order: common for nearly sorted chunks
        }
        System.arraycopy(a, from, scratch, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && compareRows(ts, scratch[i], scratch[j]) <= 0)) {
                a[k] = scratch[i++];
            } else {
                a[k] = scratch[j++];
            }
        }
    }

    private static void insertionSort(TimestampColumn ts, int[] a, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            int x = a[i];
            int j = i - 1;
            while (j >= from && compareRows(ts, a[j], x) > 0) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = x;
        }
    }

    private static int compareRows(TimestampColumn ts, int a, int b) {
        boolean nullA = ts.isNull(a);
        boolean nullB = ts.isNull(b);
        return TimestampColumn.compare(nullA, nullA ? 0 : ts.get(a), nullB, nullB ? 0 : ts.get(b));
    }
}
