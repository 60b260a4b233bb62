package io.mosaicod.format;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Arrow decimal128 (16 bytes, little-endian two's complement) ⇄ Parquet DECIMAL, written as a big-endian
 * FIXED_LEN_BYTE_ARRAY of the fewest bytes the precision needs (as pyarrow does) and read from any of the
 * physical types other writers use (INT32, INT64, FIXED_LEN_BYTE_ARRAY, BYTE_ARRAY).
 */
final class DecimalLeafCodec extends NumericLeafCodec {

    private final PrimitiveTypeName physical;
    private final int scale;
    private final byte[] scratch;

    private DecimalLeafCodec(PrimitiveTypeName physical, int scale, int width) {
        this.physical = physical;
        this.scale = scale;
        this.scratch = new byte[width];
    }

    static DecimalLeafCodec create(ArrowType.Decimal arrow, PrimitiveType type) {
        if (!(type.getLogicalTypeAnnotation() instanceof DecimalLogicalTypeAnnotation d)
                || d.getScale() != arrow.getScale() || arrow.getBitWidth() != 128) {
            return null;
        }
        int width = type.getPrimitiveTypeName() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? type.getTypeLength() : 16;
        return new DecimalLeafCodec(type.getPrimitiveTypeName(), arrow.getScale(), width);
    }

    @Override
    void write(ColumnWriter writer, int index, int repetition, int definition) {
        ArrowBuf buf = data();
        long low = buf.getLong(index * 16L);
        long high = buf.getLong(index * 16L + 8);
        int n = scratch.length;
        for (int i = 0; i < n; i++) {
            int littleEndianByte = n - 1 - i;
            scratch[i] = (byte) (littleEndianByte < 8 ? low >>> (8 * littleEndianByte)
                    : high >>> (8 * (littleEndianByte - 8)));
        }
        stats.add(new BigDecimal(new BigInteger(scratch), scale).doubleValue());
        writer.write(Binary.fromReusedByteArray(scratch), repetition, definition);
    }

    /**
     * The run's smallest and largest unscaled values, compared as 128-bit integers, and only those two converted:
     * converting is monotonic, so their doubles bound every value's.
     */
    @Override
    void observe(int from, int count) {
        if (count == 0) {
            return;
        }
        long values = valuesAddress(from, count) + 16L * from;
        long minLow = MemoryUtil.getLong(values);
        long minHigh = MemoryUtil.getLong(values + 8);
        long maxLow = minLow;
        long maxHigh = minHigh;
        for (int i = 1; i < count; i++) {
            long low = MemoryUtil.getLong(values + 16L * i);
            long high = MemoryUtil.getLong(values + 16L * i + 8);
            if (high < minHigh || high == minHigh && Long.compareUnsigned(low, minLow) < 0) {
                minLow = low;
                minHigh = high;
            }
            if (high > maxHigh || high == maxHigh && Long.compareUnsigned(low, maxLow) > 0) {
                maxLow = low;
                maxHigh = high;
            }
        }
        stats.addRange(toDouble(minLow, minHigh), toDouble(maxLow, maxHigh), false);
    }

    private double toDouble(long low, long high) {
        if (high == low >> 63) {
            return BigDecimal.valueOf(low, scale).doubleValue();
        }
        byte[] bigEndian = new byte[16];
        for (int k = 0; k < 16; k++) {
            bigEndian[15 - k] = (byte) (k < 8 ? low >>> (8 * k) : high >>> (8 * (k - 8)));
        }
        return new BigDecimal(new BigInteger(bigEndian), scale).doubleValue();
    }

    @Override
    void read(ColumnReader reader, int index) {
        long low;
        long high;
        switch (physical) {
            case INT32 -> {
                low = reader.getInteger();
                high = low >> 63;
            }
            case INT64 -> {
                low = reader.getLong();
                high = low >> 63;
            }
            default -> {
                ByteBuffer bigEndian = reader.getBinary().toByteBuffer();
                int start = bigEndian.position();
                int n = bigEndian.remaining();
                long sign = n > 0 && bigEndian.get(start) < 0 ? -1L : 0L;
                low = sign;
                high = sign;
                for (int k = 0; k < Math.min(n, 16); k++) {
                    long b = bigEndian.get(start + n - 1 - k) & 0xFFL;
                    if (k < 8) {
                        low = (low & ~(0xFFL << (8 * k))) | (b << (8 * k));
                    } else {
                        high = (high & ~(0xFFL << (8 * (k - 8)))) | (b << (8 * (k - 8)));
                    }
                }
            }
        }
        setValid(vector, index);
        ArrowBuf buf = data();
        buf.setLong(index * 16L, low);
        buf.setLong(index * 16L + 8, high);
    }
}
