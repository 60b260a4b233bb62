package io.mosaicod.db;

import java.util.Objects;
import java.util.OptionalDouble;

/** Min and max are empty when the column has no non-null, non-NaN value in the chunk. */
public record NumericColumnStats(String columnPath, OptionalDouble min, OptionalDouble max, boolean hasNull,
                                 boolean hasNan) implements ColumnStats {
    public NumericColumnStats {
        Objects.requireNonNull(columnPath, "columnPath");
        Objects.requireNonNull(min, "min");
        Objects.requireNonNull(max, "max");
    }
}
