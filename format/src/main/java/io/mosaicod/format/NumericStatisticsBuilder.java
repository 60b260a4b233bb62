package io.mosaicod.format;

/** Accumulates {@link ColumnStatistics.Numeric} over the values a writer encodes. */
final class NumericStatisticsBuilder {

    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;
    private boolean any;
    private boolean hasNull;
    private boolean hasNan;

    void add(double value) {
        if (value != value) {
            hasNan = true;
            return;
        }
        any = true;
        if (value < min) {
            min = value;
        }
        if (value > max) {
            max = value;
        }
    }

    /**
     * Adds what a caller found over many values at once: their smallest and largest non-NaN value (infinite and
     * of the wrong order when there were none) and whether one was NaN.
     */
    void addRange(double rangeMin, double rangeMax, boolean rangeHasNan) {
        hasNan |= rangeHasNan;
        if (rangeMin <= rangeMax) {
            any = true;
            min = Math.min(min, rangeMin);
            max = Math.max(max, rangeMax);
        }
    }

    void addNull() {
        hasNull = true;
    }

    ColumnStatistics.Numeric build(String path) {
        return new ColumnStatistics.Numeric(path, any ? min : null, any ? max : null, hasNull, hasNan);
    }

    static double unsignedToDouble(long value) {
        double d = (double) (value >>> 1) * 2.0;
        return d + (value & 1);
    }
}
