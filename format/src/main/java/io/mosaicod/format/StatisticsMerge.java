package io.mosaicod.format;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Combines the statistics of two sets of rows of the same column (for chunks built from copied row groups). */
final class StatisticsMerge {

    private StatisticsMerge() {
    }

    static ColumnStatistics merge(ColumnStatistics a, ColumnStatistics b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        if (a instanceof ColumnStatistics.Numeric x && b instanceof ColumnStatistics.Numeric y) {
            return new ColumnStatistics.Numeric(a.path(), pick(x.min(), y.min(), true), pick(x.max(), y.max(), false),
                    x.hasNull() || y.hasNull(), x.hasNan() || y.hasNan());
        }
        if (a instanceof ColumnStatistics.Text x && b instanceof ColumnStatistics.Text y) {
            return new ColumnStatistics.Text(a.path(), pickText(x.min(), y.min(), true),
                    pickText(x.max(), y.max(), false), x.hasNull() || y.hasNull());
        }
        throw new IllegalArgumentException("statistics of '" + a.path() + "' are of different kinds: " + a + ", " + b);
    }

    private static Double pick(Double x, Double y, boolean min) {
        if (x == null || y == null) {
            return x == null ? y : x;
        }
        // strict comparisons, like the accumulators: on ties (0.0 and -0.0) the earlier rows' value stays
        return (min ? y < x : y > x) ? y : x;
    }

    /** Text statistics order by UTF-8 bytes, as they were collected. */
    private static String pickText(String x, String y, boolean min) {
        if (x == null || y == null) {
            return x == null ? y : x;
        }
        int c = Arrays.compareUnsigned(x.getBytes(StandardCharsets.UTF_8), y.getBytes(StandardCharsets.UTF_8));
        return (min ? c > 0 : c < 0) ? y : x;
    }
}
