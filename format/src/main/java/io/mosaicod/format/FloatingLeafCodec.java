package io.mosaicod.format;

import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.memory.util.Float16;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.io.api.Binary;

/** Arrow float16/32/64 ⇄ Parquet FIXED_LEN_BYTE_ARRAY(2) FLOAT16 / FLOAT / DOUBLE, NaN and ±Inf included. */
abstract class FloatingLeafCodec extends NumericLeafCodec {

    static final class Double extends FloatingLeafCodec {
        @Override
        void write(ColumnWriter writer, int index, int repetition, int definition) {
            double value = data().getDouble(index * 8L);
            stats.add(value);
            writer.write(value, repetition, definition);
        }

        @Override
        void read(ColumnReader reader, int index) {
            setValid(vector, index);
            data().setDouble(index * 8L, reader.getDouble());
        }

        @Override
        void observe(int from, int count) {
            long values = valuesAddress(from, count);
            double min = java.lang.Double.POSITIVE_INFINITY;
            double max = java.lang.Double.NEGATIVE_INFINITY;
            boolean nan = false;
            for (int i = from; i < from + count; i++) {
                double value = java.lang.Double.longBitsToDouble(MemoryUtil.getLong(values + 8L * i));
                nan |= value != value;
                min = value < min ? value : min; // NaN compares false: it never becomes min or max
                max = value > max ? value : max;
            }
            stats.addRange(min, max, nan);
        }
    }

    static final class Single extends FloatingLeafCodec {
        @Override
        void write(ColumnWriter writer, int index, int repetition, int definition) {
            float value = data().getFloat(index * 4L);
            stats.add(value);
            writer.write(value, repetition, definition);
        }

        @Override
        void read(ColumnReader reader, int index) {
            setValid(vector, index);
            data().setFloat(index * 4L, reader.getFloat());
        }

        @Override
        void observe(int from, int count) {
            long values = valuesAddress(from, count);
            float min = Float.POSITIVE_INFINITY;
            float max = Float.NEGATIVE_INFINITY;
            boolean nan = false;
            for (int i = from; i < from + count; i++) {
                float value = Float.intBitsToFloat(MemoryUtil.getInt(values + 4L * i));
                nan |= value != value;
                min = value < min ? value : min;
                max = value > max ? value : max;
            }
            stats.addRange(min, max, nan);
        }
    }

    /** Parquet FLOAT16 is the IEEE half-precision bit pattern, little-endian, as Arrow holds it. */
    static final class Half extends FloatingLeafCodec {
        private final byte[] scratch = new byte[2];

        @Override
        void write(ColumnWriter writer, int index, int repetition, int definition) {
            short bits = data().getShort(index * 2L);
            stats.add(Float16.toFloat(bits));
            scratch[0] = (byte) bits;
            scratch[1] = (byte) (bits >> 8);
            writer.write(Binary.fromReusedByteArray(scratch), repetition, definition);
        }

        @Override
        void read(ColumnReader reader, int index) {
            Binary value = reader.getBinary();
            setValid(vector, index);
            data().setShort(index * 2L, value.get2BytesLittleEndian());
        }
    }
}
