package io.mosaicod.db;

/**
 * Statistics of one column of one chunk. Struct fields are flattened: the path of field {@code y} of struct
 * column {@code pose} is {@code pose.y}.
 */
public sealed interface ColumnStats permits NumericColumnStats, TextColumnStats {
    String columnPath();

    boolean hasNull();
}
