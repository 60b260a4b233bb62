package io.mosaicod.format;

import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * How a leaf column's Arrow buffers relate to its PLAIN-encoded Parquet values when they are the same bytes
 * (no rescaling, no width change): fixed-width values copied as they are, byte arrays with 32- or 64-bit
 * Arrow offsets, or booleans as bits. Columns that need a conversion have no layout.
 *
 * @param width bytes per value for {@link Kind#FIXED}
 */
record PlainLayout(Kind kind, int width) {

    enum Kind { FIXED, BYTES, LARGE_BYTES, BOOLEAN }

    /** The layout of a column's leaf values, wherever the leaf sits, or null. */
    static PlainLayout of(LeafColumn column) {
        PrimitiveType type = column.type();
        ArrowType arrow = column.field().getType();
        LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
        return switch (type.getPrimitiveTypeName()) {
            case BOOLEAN -> arrow instanceof ArrowType.Bool ? new PlainLayout(Kind.BOOLEAN, 0) : null;
            case INT32 -> arrow instanceof ArrowType.Int i && i.getBitWidth() == 32
                    || arrow instanceof ArrowType.Date d && d.getUnit() == DateUnit.DAY
                    || arrow instanceof ArrowType.Time t && t.getUnit() == TimeUnit.MILLISECOND
                    ? new PlainLayout(Kind.FIXED, 4) : null;
            case INT64 -> arrow instanceof ArrowType.Int i && i.getBitWidth() == 64
                    || arrow instanceof ArrowType.Duration
                    || arrow instanceof ArrowType.Timestamp ts
                    && logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation p && same(ts.getUnit(), p.getUnit())
                    || arrow instanceof ArrowType.Time t
                    && logical instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation p && same(t.getUnit(), p.getUnit())
                    ? new PlainLayout(Kind.FIXED, 8) : null;
            case FLOAT -> arrow instanceof ArrowType.FloatingPoint ? new PlainLayout(Kind.FIXED, 4) : null;
            case DOUBLE -> arrow instanceof ArrowType.FloatingPoint ? new PlainLayout(Kind.FIXED, 8) : null;
            case FIXED_LEN_BYTE_ARRAY -> arrow instanceof ArrowType.FixedSizeBinary
                    || arrow instanceof ArrowType.FloatingPoint && type.getTypeLength() == 2
                    ? new PlainLayout(Kind.FIXED, type.getTypeLength()) : null;
            case BINARY -> switch (arrow.getTypeID()) {
                case Utf8, Binary -> new PlainLayout(Kind.BYTES, 0);
                case LargeUtf8, LargeBinary -> new PlainLayout(Kind.LARGE_BYTES, 0);
                default -> null;
            };
            default -> null;
        };
    }

    private static boolean same(TimeUnit arrow, LogicalTypeAnnotation.TimeUnit parquet) {
        return switch (parquet) {
            case MILLIS -> arrow == TimeUnit.MILLISECOND;
            case MICROS -> arrow == TimeUnit.MICROSECOND;
            case NANOS -> arrow == TimeUnit.NANOSECOND;
        };
    }
}
