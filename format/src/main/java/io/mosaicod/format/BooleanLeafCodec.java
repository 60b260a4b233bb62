package io.mosaicod.format;

import org.apache.arrow.vector.BitVectorHelper;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ColumnWriter;

/** Arrow bool ⇄ Parquet BOOLEAN; statistics count false as 0 and true as 1. */
final class BooleanLeafCodec extends NumericLeafCodec {

    @Override
    void write(ColumnWriter writer, int index, int repetition, int definition) {
        boolean value = BitVectorHelper.get(data(), index) != 0;
        stats.add(value ? 1 : 0);
        writer.write(value, repetition, definition);
    }

    @Override
    void read(ColumnReader reader, int index) {
        setValid(vector, index);
        BitVectorHelper.setValidityBit(data(), index, reader.getBoolean() ? 1 : 0);
    }
}
