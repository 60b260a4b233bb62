package io.mosaicod.format;

import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.io.api.Binary;

/** A column writer that drops values: lets a {@link LeafCodec} collect statistics for a column encoded elsewhere. */
final class NoColumnWriter implements ColumnWriter {

    static final NoColumnWriter INSTANCE = new NoColumnWriter();

    private NoColumnWriter() {
    }

    @Override
    public void write(int value, int repetitionLevel, int definitionLevel) {
    }

    @Override
    public void write(long value, int repetitionLevel, int definitionLevel) {
    }

    @Override
    public void write(boolean value, int repetitionLevel, int definitionLevel) {
    }

    @Override
    public void write(Binary value, int repetitionLevel, int definitionLevel) {
    }

    @Override
    public void write(float value, int repetitionLevel, int definitionLevel) {
    }

    @Override
    public void write(double value, int repetitionLevel, int definitionLevel) {
    }

    @Override
    public void writeNull(int repetitionLevel, int definitionLevel) {
    }

    @Override
    public void close() {
    }

    @Override
    public long getBufferedSizeInMemory() {
        return 0;
    }
}
