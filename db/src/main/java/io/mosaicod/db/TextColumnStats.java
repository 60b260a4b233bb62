package io.mosaicod.db;

import java.util.Objects;
import java.util.Optional;

/** Min and max are empty when the column has no non-null value in the chunk. */
public record TextColumnStats(String columnPath, Optional<String> min, Optional<String> max, boolean hasNull)
        implements ColumnStats {
    public TextColumnStats {
        Objects.requireNonNull(columnPath, "columnPath");
        Objects.requireNonNull(min, "min");
        Objects.requireNonNull(max, "max");
    }
}
