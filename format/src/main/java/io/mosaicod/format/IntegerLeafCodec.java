package io.mosaicod.format;

import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Every Arrow integer-backed type (ints, uints, timestamps, dates, times, durations) ⇄ Parquet INT32/INT64.
 * Where Parquet has no exact type the value is rescaled, as pyarrow does: timestamp[s] and time32[s] are
 * stored in milliseconds, date64 in days; a file whose Parquet unit differs from its {@code ARROW:schema}
 * unit is rescaled the other way on read.
 */
final class IntegerLeafCodec extends NumericLeafCodec {

    private static final long MILLIS_PER_DAY = 86_400_000L;

    private final int width;
    private final boolean unsigned;
    private final boolean int32;
    private final boolean parquetUnsigned;
    /** parquet = arrow * multiplier / divisor; one of the two is 1. */
    private final long multiplier;
    private final long divisor;

    private IntegerLeafCodec(int width, boolean unsigned, PrimitiveType type, long multiplier, long divisor) {
        this.width = width;
        this.unsigned = unsigned;
        this.int32 = type.getPrimitiveTypeName() == PrimitiveTypeName.INT32;
        this.parquetUnsigned = type.getLogicalTypeAnnotation() instanceof IntLogicalTypeAnnotation i && !i.isSigned();
        this.multiplier = multiplier;
        this.divisor = divisor;
    }

    /** Null when the Parquet column is not an integer column this Arrow type can be stored in. */
    static IntegerLeafCodec create(ArrowType arrow, PrimitiveType type) {
        PrimitiveTypeName physical = type.getPrimitiveTypeName();
        if (physical != PrimitiveTypeName.INT32 && physical != PrimitiveTypeName.INT64) {
            return null;
        }
        LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
        switch (arrow.getTypeID()) {
            case Int: {
                ArrowType.Int t = (ArrowType.Int) arrow;
                return new IntegerLeafCodec(t.getBitWidth() / 8, !t.getIsSigned(), type, 1, 1);
            }
            case Timestamp: {
                long parquetPerSecond = logical instanceof TimestampLogicalTypeAnnotation ts
                        ? perSecond(ts.getUnit()) : perSecond(((ArrowType.Timestamp) arrow).getUnit());
                return scaled(8, perSecond(((ArrowType.Timestamp) arrow).getUnit()), parquetPerSecond, type);
            }
            case Time: {
                ArrowType.Time t = (ArrowType.Time) arrow;
                long parquetPerSecond = logical instanceof TimeLogicalTypeAnnotation time
                        ? perSecond(time.getUnit()) : perSecond(t.getUnit());
                return scaled(t.getBitWidth() / 8, perSecond(t.getUnit()), parquetPerSecond, type);
            }
            case Date: {
                boolean millis = ((ArrowType.Date) arrow).getUnit() == DateUnit.MILLISECOND;
                boolean parquetDays = logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation;
                return new IntegerLeafCodec(millis ? 8 : 4, false, type, 1, millis && parquetDays ? MILLIS_PER_DAY : 1);
            }
            case Duration:
                return new IntegerLeafCodec(8, false, type, 1, 1);
            default:
                return null;
        }
    }

    private static IntegerLeafCodec scaled(int width, long arrowPerSecond, long parquetPerSecond, PrimitiveType type) {
        return parquetPerSecond >= arrowPerSecond
                ? new IntegerLeafCodec(width, false, type, parquetPerSecond / arrowPerSecond, 1)
                : new IntegerLeafCodec(width, false, type, 1, arrowPerSecond / parquetPerSecond);
    }

    private static long perSecond(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> 1L;
            case MILLISECOND -> 1_000L;
            case MICROSECOND -> 1_000_000L;
            case NANOSECOND -> 1_000_000_000L;
        };
    }

    private static long perSecond(LogicalTypeAnnotation.TimeUnit unit) {
        return switch (unit) {
            case MILLIS -> 1_000L;
            case MICROS -> 1_000_000L;
            case NANOS -> 1_000_000_000L;
        };
    }

    @Override
    void write(ColumnWriter writer, int index, int repetition, int definition) {
        long value = arrowValue(data(), index);
        stats.add(unsigned && width == 8 ? NumericStatisticsBuilder.unsignedToDouble(value) : (double) value);
        long stored = multiplier != 1 ? value * multiplier : divisor != 1 ? Math.floorDiv(value, divisor) : value;
        if (int32) {
            writer.write((int) stored, repetition, definition);
        } else {
            writer.write(stored, repetition, definition);
        }
    }

    @Override
    void observe(int from, int count) {
        long values = valuesAddress(from, count);
        for (int i = from; i < from + count; i++) {
            long value = switch (width) {
                case 1 -> unsigned ? MemoryUtil.getByte(values + i) & 0xFFL : MemoryUtil.getByte(values + i);
                case 2 -> unsigned ? MemoryUtil.getShort(values + 2L * i) & 0xFFFFL : MemoryUtil.getShort(values + 2L * i);
                case 4 -> unsigned ? MemoryUtil.getInt(values + 4L * i) & 0xFFFFFFFFL : MemoryUtil.getInt(values + 4L * i);
                default -> MemoryUtil.getLong(values + 8L * i);
            };
            stats.add(unsigned && width == 8 ? NumericStatisticsBuilder.unsignedToDouble(value) : (double) value);
        }
    }

    private long arrowValue(ArrowBuf buf, int index) {
        return switch (width) {
            case 1 -> unsigned ? buf.getByte(index) & 0xFFL : buf.getByte(index);
            case 2 -> unsigned ? buf.getShort(index * 2L) & 0xFFFFL : buf.getShort(index * 2L);
            case 4 -> unsigned ? buf.getInt(index * 4L) & 0xFFFFFFFFL : buf.getInt(index * 4L);
            default -> buf.getLong(index * 8L);
        };
    }

    @Override
    void read(ColumnReader reader, int index) {
        long stored = int32
                ? (parquetUnsigned ? Integer.toUnsignedLong(reader.getInteger()) : reader.getInteger())
                : reader.getLong();
        long value = multiplier != 1 ? stored / multiplier : divisor != 1 ? stored * divisor : stored;
        setValid(vector, index);
        ArrowBuf buf = data();
        switch (width) {
            case 1 -> buf.setByte(index, (byte) value);
            case 2 -> buf.setShort(index * 2L, (short) value);
            case 4 -> buf.setInt(index * 4L, (int) value);
            default -> buf.setLong(index * 8L, value);
        }
    }
}
