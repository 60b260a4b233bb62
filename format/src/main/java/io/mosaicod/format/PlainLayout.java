package io.mosaicod.format;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * How a leaf column's Arrow buffers relate to its PLAIN-encoded Parquet values: fixed-width values that are the
 * same bytes, or the same numbers in another width or byte order ({@link Conversion}: 8- and 16-bit integers
 * stored as INT32, decimal128 as a big-endian FIXED_LEN_BYTE_ARRAY), converted a run at a time in a loop over raw
 * memory; byte arrays with 32- or 64-bit Arrow offsets; or booleans as bits. Columns whose values need rescaling
 * (timestamps in another unit, date64) have no layout and go through parquet-java's readers and writers.
 *
 * @param width bytes per Parquet value for {@link Kind#FIXED}
 * @param arrowWidth bytes per Arrow value for {@link Kind#FIXED}
 */
record PlainLayout(Kind kind, int width, int arrowWidth, Conversion conversion) {

    enum Kind { FIXED, BYTES, LARGE_BYTES, BOOLEAN }

    /** What turns a run of fixed-width Parquet values into Arrow values and back. */
    enum Conversion {
        /** The same bytes. */
        NONE,
        /** INT32 ⇄ a signed 8- or 16-bit integer: its low bytes, sign-extended when written. */
        SIGNED_NARROW,
        /** INT32 ⇄ an unsigned 8- or 16-bit integer: its low bytes, zero-extended when written. */
        UNSIGNED_NARROW,
        /** Big-endian two's complement of {@code width} bytes ⇄ decimal128's little-endian 16 bytes. */
        BIG_ENDIAN_DECIMAL
    }

    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private static PlainLayout same(int width) {
        return new PlainLayout(Kind.FIXED, width, width, Conversion.NONE);
    }

    /** The layout of a column's leaf values, wherever the leaf sits, or null. */
    static PlainLayout of(LeafColumn column) {
        PrimitiveType type = column.type();
        ArrowType arrow = column.field().getType();
        LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
        return switch (type.getPrimitiveTypeName()) {
            case BOOLEAN -> arrow instanceof ArrowType.Bool ? new PlainLayout(Kind.BOOLEAN, 0, 0, Conversion.NONE) : null;
            case INT32 -> int32(arrow);
            case INT64 -> arrow instanceof ArrowType.Int i && i.getBitWidth() == 64
                    || arrow instanceof ArrowType.Duration
                    || arrow instanceof ArrowType.Timestamp ts
                    && logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation p && same(ts.getUnit(), p.getUnit())
                    || arrow instanceof ArrowType.Time t
                    && logical instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation p && same(t.getUnit(), p.getUnit())
                    ? same(8) : null;
            case FLOAT -> arrow instanceof ArrowType.FloatingPoint ? same(4) : null;
            case DOUBLE -> arrow instanceof ArrowType.FloatingPoint ? same(8) : null;
            case FIXED_LEN_BYTE_ARRAY -> fixedBytes(arrow, type, logical);
            case BINARY -> switch (arrow.getTypeID()) {
                case Utf8, Binary -> new PlainLayout(Kind.BYTES, 0, 0, Conversion.NONE);
                case LargeUtf8, LargeBinary -> new PlainLayout(Kind.LARGE_BYTES, 0, 0, Conversion.NONE);
                default -> null;
            };
            default -> null;
        };
    }

    private static PlainLayout int32(ArrowType arrow) {
        if (arrow instanceof ArrowType.Int i) {
            return switch (i.getBitWidth()) {
                case 32 -> same(4);
                case 8, 16 -> new PlainLayout(Kind.FIXED, 4, i.getBitWidth() / 8,
                        i.getIsSigned() ? Conversion.SIGNED_NARROW : Conversion.UNSIGNED_NARROW);
                default -> null;
            };
        }
        return arrow instanceof ArrowType.Date d && d.getUnit() == DateUnit.DAY
                || arrow instanceof ArrowType.Time t && t.getUnit() == TimeUnit.MILLISECOND
                ? same(4) : null;
    }

    private static PlainLayout fixedBytes(ArrowType arrow, PrimitiveType type, LogicalTypeAnnotation logical) {
        int length = type.getTypeLength();
        if (arrow instanceof ArrowType.FixedSizeBinary || arrow instanceof ArrowType.FloatingPoint && length == 2) {
            return same(length);
        }
        if (arrow instanceof ArrowType.Decimal d && d.getBitWidth() == 128 && length >= 1 && length <= 16
                && logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation p && p.getScale() == d.getScale()) {
            return new PlainLayout(Kind.FIXED, length, 16, Conversion.BIG_ENDIAN_DECIMAL);
        }
        return null;
    }

    private static boolean same(TimeUnit arrow, LogicalTypeAnnotation.TimeUnit parquet) {
        return switch (parquet) {
            case MILLIS -> arrow == TimeUnit.MILLISECOND;
            case MICROS -> arrow == TimeUnit.MICROSECOND;
            case NANOS -> arrow == TimeUnit.NANOSECOND;
        };
    }

    /** Writes the {@code n} Parquet values at {@code values[at]} as Arrow values from {@code address} on. */
    void decode(byte[] values, int at, long address, int n) {
        switch (conversion) {
            case NONE -> MemoryUtil.copyToMemory(values, at, address, (long) n * width);
            case SIGNED_NARROW, UNSIGNED_NARROW -> {
                if (arrowWidth == 1) {
                    for (int i = 0; i < n; i++) {
                        MemoryUtil.putByte(address + i, values[at + 4 * i]); // little-endian: the low byte first
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        MemoryUtil.putShort(address + 2L * i, (short) (int) INT_LE.get(values, at + 4 * i));
                    }
                }
            }
            case BIG_ENDIAN_DECIMAL -> {
                for (int i = 0, p = at; i < n; i++) {
                    long low = values[p] >> 7; // the sign, in every bit
                    long high = low;
                    for (int end = p + width; p < end; p++) {
                        high = high << 8 | low >>> 56;
                        low = low << 8 | values[p] & 0xFF;
                    }
                    MemoryUtil.putLong(address + 16L * i, low);
                    MemoryUtil.putLong(address + 16L * i + 8, high);
                }
            }
        }
    }

    /** Writes the {@code n} Arrow values at {@code address} as Parquet values into {@code values[at]} on. */
    void encode(long address, byte[] values, int at, int n) {
        switch (conversion) {
            case NONE -> ShortCopy.fromMemory(address, values, at, n * width);
            case SIGNED_NARROW -> {
                for (int i = 0; i < n; i++) {
                    INT_LE.set(values, at + 4 * i, arrowWidth == 1 ? MemoryUtil.getByte(address + i)
                            : (int) MemoryUtil.getShort(address + 2L * i));
                }
            }
            case UNSIGNED_NARROW -> {
                for (int i = 0; i < n; i++) {
                    INT_LE.set(values, at + 4 * i, arrowWidth == 1 ? MemoryUtil.getByte(address + i) & 0xFF
                            : MemoryUtil.getShort(address + 2L * i) & 0xFFFF);
                }
            }
            case BIG_ENDIAN_DECIMAL -> {
                for (int i = 0, p = at; i < n; i++, p += width) {
                    long low = MemoryUtil.getLong(address + 16L * i);
                    long high = MemoryUtil.getLong(address + 16L * i + 8);
                    for (int k = 0; k < width; k++) { // k-th byte from the least significant, written from the end
                        values[p + width - 1 - k] = (byte) (k < 8 ? low >>> (8 * k) : high >>> (8 * (k - 8)));
                    }
                }
            }
        }
    }
}
