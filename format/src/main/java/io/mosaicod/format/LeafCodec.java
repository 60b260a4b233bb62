package io.mosaicod.format;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Moves values of one leaf column between an Arrow vector and a Parquet column, one index at a time, with no
 * per-value objects beyond what parquet-java's API itself requires ({@code Binary}). The writer side also
 * accumulates the column's statistics.
 */
abstract class LeafCodec {

    protected FieldVector vector;

    void bind(FieldVector vector) {
        this.vector = vector;
    }

    /** Writes the non-null value at {@code index}. */
    abstract void write(ColumnWriter writer, int index, int repetition, int definition);

    /** Stores the reader's current value at {@code index}, growing the vector as needed. */
    abstract void read(ColumnReader reader, int index);

    /** Marks {@code index} null, growing the vector as needed. */
    abstract void readNull(int index);

    /** Counts a null met at this leaf while writing (here or in an enclosing field). */
    abstract void noteNull();

    /**
     * Adds the present values in slots {@code [from, from + count)} of the bound vector to the statistics.
     * Encoders that write values themselves call this once per run of present values; codecs whose statistics
     * are on a hot path read the run straight from the vector's memory instead of value by value.
     */
    void observe(int from, int count) {
        for (int i = from; i < from + count; i++) {
            write(NoColumnWriter.INSTANCE, i, 0, 0);
        }
    }

    /** The address of the bound vector's values, once {@code [from, from + count)} is checked to lie within them. */
    protected final long valuesAddress(int from, int count) {
        if (from < 0 || count < 0 || from + count > vector.getValueCount()) {
            throw new IndexOutOfBoundsException("slots [" + from + ", " + (from + count) + ") of a vector of "
                    + vector.getValueCount());
        }
        return vector.getDataBuffer().memoryAddress();
    }

    /** Whether {@link #statistics} reports anything; when not, callers need not show this codec the values. */
    boolean collectsStatistics() {
        return true;
    }

    /** Statistics over everything written, or null for columns without statistics (binary). */
    abstract ColumnStatistics statistics(String path);

    /** Grows a fixed-width vector to hold {@code index} and marks it valid. */
    protected static void setValid(FieldVector v, int index) {
        while (index >= v.getValueCapacity()) {
            v.reAlloc();
        }
        BitVectorHelper.setBit(v.getValidityBuffer(), index);
    }

    /** Grows a fixed-width vector to hold {@code index} and marks it null. */
    protected static void setNullFixed(FieldVector v, int index) {
        while (index >= v.getValueCapacity()) {
            v.reAlloc();
        }
        BitVectorHelper.unsetBit(v.getValidityBuffer(), index);
    }

    protected final ArrowBuf data() {
        return vector.getDataBuffer();
    }

    /** The codec for one Arrow leaf field stored in one Parquet primitive column. */
    static LeafCodec create(Field field, PrimitiveType type, String fieldPath) {
        ArrowType arrow = field.getType();
        PrimitiveTypeName physical = type.getPrimitiveTypeName();
        LeafCodec codec = switch (arrow.getTypeID()) {
            case Bool -> physical == PrimitiveTypeName.BOOLEAN ? new BooleanLeafCodec() : null;
            case Int, Timestamp, Date, Time, Duration -> IntegerLeafCodec.create(arrow, type);
            case FloatingPoint -> floating(((ArrowType.FloatingPoint) arrow).getPrecision(), type);
            case Utf8 -> physical == PrimitiveTypeName.BINARY ? new BytesLeafCodec(false, true) : null;
            case LargeUtf8 -> physical == PrimitiveTypeName.BINARY ? new BytesLeafCodec(true, true) : null;
            case Binary -> physical == PrimitiveTypeName.BINARY ? new BytesLeafCodec(false, false) : null;
            case LargeBinary -> physical == PrimitiveTypeName.BINARY ? new BytesLeafCodec(true, false) : null;
            case FixedSizeBinary -> physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
                    && type.getTypeLength() == ((ArrowType.FixedSizeBinary) arrow).getByteWidth()
                    ? new FixedBytesLeafCodec(type.getTypeLength()) : null;
            case Decimal -> DecimalLeafCodec.create((ArrowType.Decimal) arrow, type);
            default -> throw new UnsupportedColumnTypeException(fieldPath, field);
        };
        if (codec == null) {
            throw new IllegalArgumentException("field '" + fieldPath + "' has Arrow type " + arrow
                    + " but its Parquet column is " + type);
        }
        return codec;
    }

    private static LeafCodec floating(FloatingPointPrecision precision, PrimitiveType type) {
        PrimitiveTypeName physical = type.getPrimitiveTypeName();
        return switch (precision) {
            case HALF -> physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY && type.getTypeLength() == 2
                    ? new FloatingLeafCodec.Half() : null;
            case SINGLE -> physical == PrimitiveTypeName.FLOAT ? new FloatingLeafCodec.Single() : null;
            case DOUBLE -> physical == PrimitiveTypeName.DOUBLE ? new FloatingLeafCodec.Double() : null;
        };
    }
}
