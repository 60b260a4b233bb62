package io.mosaicod.format;

import java.nio.ByteBuffer;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.io.api.Binary;

/** Arrow fixed_size_binary(n) ⇄ Parquet FIXED_LEN_BYTE_ARRAY(n); no statistics. */
final class FixedBytesLeafCodec extends LeafCodec {

    private final int width;
    private final byte[] scratch;

    FixedBytesLeafCodec(int width) {
        this.width = width;
        this.scratch = new byte[width];
    }

    @Override
    void write(ColumnWriter writer, int index, int repetition, int definition) {
        data().getBytes((long) index * width, scratch, 0, width);
        writer.write(Binary.fromReusedByteArray(scratch), repetition, definition);
    }

    @Override
    void read(ColumnReader reader, int index) {
        ByteBuffer value = reader.getBinary().toByteBuffer();
        setValid(vector, index);
        data().setBytes((long) index * width, value);
    }

    @Override
    void readNull(int index) {
        setNullFixed(vector, index);
    }

    @Override
    void noteNull() {
    }

    @Override
    boolean collectsStatistics() {
        return false;
    }

    @Override
    ColumnStatistics statistics(String path) {
        return null;
    }
}
