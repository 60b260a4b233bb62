package io.mosaicod.format;

import org.apache.arrow.memory.util.MemoryUtil;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.io.api.Binary;

/**
 * Arrow utf8 / binary and their large variants ⇄ Parquet BYTE_ARRAY. Values are copied into one reused
 * scratch array and handed over as a "reused" {@link Binary}, so dictionaries and statistics copy what they
 * keep. Only utf8 columns get statistics.
 */
final class BytesLeafCodec extends LeafCodec {

    private final boolean large;
    private final TextStatisticsBuilder text;
    private byte[] scratch = new byte[256];

    BytesLeafCodec(boolean large, boolean utf8) {
        this.large = large;
        this.text = utf8 ? new TextStatisticsBuilder() : null;
    }

    @Override
    void write(ColumnWriter writer, int index, int repetition, int definition) {
        ArrowBuf offsets = vector.getOffsetBuffer();
        long start;
        long end;
        if (large) {
            start = offsets.getLong(index * 8L);
            end = offsets.getLong(index * 8L + 8);
        } else {
            start = offsets.getInt(index * 4L);
            end = offsets.getInt(index * 4L + 4);
        }
        int length = (int) (end - start);
        if (scratch.length < length) {
            scratch = new byte[Math.max(length, scratch.length * 2)];
        }
        data().getBytes(start, scratch, 0, length);
        if (text != null) {
            text.add(scratch, length);
        }
        writer.write(Binary.fromReusedByteArray(scratch, 0, length), repetition, definition);
    }

    @Override
    void observe(int from, int count) {
        if (text == null) {
            return;
        }
        long values = valuesAddress(from, count);
        long offsets = vector.getOffsetBuffer().memoryAddress();
        long readable = values + vector.getDataBuffer().capacity();
        for (int i = from; i < from + count; i++) {
            long start = large ? MemoryUtil.getLong(offsets + 8L * i) : MemoryUtil.getInt(offsets + 4L * i);
            long end = large ? MemoryUtil.getLong(offsets + 8L * i + 8) : MemoryUtil.getInt(offsets + 4L * i + 4);
            text.add(values + start, (int) (end - start), readable);
        }
    }

    @Override
    void read(ColumnReader reader, int index) {
        ByteBuffer value = reader.getBinary().toByteBuffer();
        if (large) {
            ((BaseLargeVariableWidthVector) vector).setSafe(index, value, value.position(), value.remaining());
        } else {
            ((BaseVariableWidthVector) vector).setSafe(index, value, value.position(), value.remaining());
        }
    }

    @Override
    void readNull(int index) {
        if (large) {
            ((BaseLargeVariableWidthVector) vector).setNull(index);
        } else {
            ((BaseVariableWidthVector) vector).setNull(index);
        }
    }

    @Override
    void noteNull() {
        if (text != null) {
            text.addNull();
        }
    }

    @Override
    boolean collectsStatistics() {
        return text != null;
    }

    @Override
    ColumnStatistics statistics(String path) {
        return text == null ? null : text.build(path);
    }
}
