package io.mosaicod.format;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * What a {@link ChunkReader} returns.
 *
 * @param columns   what to read, in the order wanted, each a top-level column's name then, optionally, names of
 *                  struct fields below it (only those fields of the struct are read); null for all
 * @param startNs   with {@code endNs}, skip row groups whose {@code timestamp_ns} statistics show no row in
 *                  [startNs, endNs); null to read every row group. Rows are not filtered one by one.
 * @param endNs     exclusive end of the time range
 * @param batchRows the most rows per batch (a batch never spans two row groups)
 * @param decodeHelpers with {@code decodeHelperCount}, threads that decode some of a batch's columns while the
 *                  reading thread decodes the others (columns of different top-level fields); null for none
 * @param decodeHelperCount how many of {@code decodeHelpers}' threads a batch may take at once
 */
public record ChunkReadOptions(List<List<String>> columns, Long startNs, Long endNs, int batchRows,
                               Executor decodeHelpers, int decodeHelperCount) {

    public static final int DEFAULT_BATCH_ROWS = 8192;

    public ChunkReadOptions {
        if (batchRows <= 0) {
            throw new IllegalArgumentException("batch size is " + batchRows + " rows but must be > 0");
        }
        if (decodeHelpers != null && decodeHelperCount <= 0) {
            throw new IllegalArgumentException(decodeHelperCount + " decode helpers but must be > 0");
        }
        if ((startNs == null) != (endNs == null)) {
            throw new IllegalArgumentException("a time range needs both its start and its end");
        }
        if (columns != null) {
            List<List<String>> copies = new ArrayList<>();
            for (List<String> path : columns) {
                if (path.isEmpty()) {
                    throw new IllegalArgumentException("an empty column path");
                }
                copies.add(List.copyOf(path));
            }
            columns = List.copyOf(copies);
        }
    }

    /** Every column and row, in batches of {@link #DEFAULT_BATCH_ROWS}. */
    public static ChunkReadOptions all() {
        return new ChunkReadOptions(null, null, null, DEFAULT_BATCH_ROWS, null, 0);
    }

    /** Whole top-level columns. */
    public ChunkReadOptions withColumns(List<String> selected) {
        return withColumnPaths(selected.stream().map(List::of).toList());
    }

    /** Top-level columns, each whole or only the struct fields a path names (see {@link #columns}). */
    public ChunkReadOptions withColumnPaths(List<List<String>> paths) {
        return new ChunkReadOptions(paths, startNs, endNs, batchRows, decodeHelpers, decodeHelperCount);
    }

    public ChunkReadOptions withTimeRange(long start, long end) {
        return new ChunkReadOptions(columns, start, end, batchRows, decodeHelpers, decodeHelperCount);
    }

    /** Lets batches decode their columns on up to {@code count} of {@code helpers}' threads too. */
    public ChunkReadOptions withDecodeHelpers(Executor helpers, int count) {
        return new ChunkReadOptions(columns, startNs, endNs, batchRows, helpers, count);
    }

    public ChunkReadOptions withBatchRows(int rows) {
        return new ChunkReadOptions(columns, startNs, endNs, rows, decodeHelpers, decodeHelperCount);
    }
}
