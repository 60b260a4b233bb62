package io.mosaicod.format;

/**
 * A fixed-width leaf whose statistics are numeric (booleans, integers and times, decimals, floats): one value
 * slot per row, null or not, and min/max/null-count statistics.
 */
abstract class NumericLeafCodec extends LeafCodec {

    protected final NumericStatisticsBuilder stats = new NumericStatisticsBuilder();

    @Override
    void readNull(int index) {
        setNullFixed(vector, index);
    }

    @Override
    void noteNull() {
        stats.addNull();
    }

    @Override
    ColumnStatistics statistics(String path) {
        return stats.build(path);
    }
}
