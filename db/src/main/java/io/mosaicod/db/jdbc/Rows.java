package io.mosaicod.db.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/** Reading nullable columns and epoch-millisecond columns without boxing through {@code getObject}. */
final class Rows {
    private Rows() {
    }

    static Instant instant(ResultSet row, String column) throws SQLException {
        return Instant.ofEpochMilli(row.getLong(column));
    }

    static Instant instant(long epochMillis) {
        return Instant.ofEpochMilli(epochMillis);
    }

    static Optional<Instant> optionalInstant(ResultSet row, String column) throws SQLException {
        long value = row.getLong(column);
        return row.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(value));
    }

    static OptionalLong optionalLong(ResultSet row, String column) throws SQLException {
        long value = row.getLong(column);
        return row.wasNull() ? OptionalLong.empty() : OptionalLong.of(value);
    }

    static OptionalDouble optionalDouble(ResultSet row, String column) throws SQLException {
        double value = row.getDouble(column);
        return row.wasNull() ? OptionalDouble.empty() : OptionalDouble.of(value);
    }

    static Optional<String> optionalString(ResultSet row, String column) throws SQLException {
        return Optional.ofNullable(row.getString(column));
    }

    /** For binding: the value or SQL NULL. */
    static Long orNull(OptionalLong value) {
        return value.isPresent() ? value.getAsLong() : null;
    }
}
