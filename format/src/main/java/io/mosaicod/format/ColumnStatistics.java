package io.mosaicod.format;

/**
 * Statistics of one column of one chunk, as the repository stores them. Struct fields are flattened to dotted
 * paths ({@code gps.lat}); list elements count under the list's path and map entries under
 * {@code path.key} / {@code path.value}. A null anywhere on the path (an enclosing struct, list or the value
 * itself) sets {@code hasNull}; an empty list does not.
 */
public sealed interface ColumnStatistics permits ColumnStatistics.Numeric, ColumnStatistics.Text {

    String path();

    boolean hasNull();

    /**
     * Booleans (0/1), integers, floating point, decimals and temporal types (in their Arrow unit).
     * {@code min}/{@code max} are null when the column holds no non-null, non-NaN value.
     */
    record Numeric(String path, Double min, Double max, boolean hasNull, boolean hasNan) implements ColumnStatistics {
    }

    /** UTF-8 strings, ordered by their bytes (unsigned), as Parquet orders them. */
    record Text(String path, String min, String max, boolean hasNull) implements ColumnStatistics {
    }
}
