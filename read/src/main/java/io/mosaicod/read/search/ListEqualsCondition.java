package io.mosaicod.read.search;

import io.mosaicod.core.search.FilterValue;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code $eq} / {@code $neq} of a whole list column with an array: a row's list equals the array when it has as
 * many elements and each equals the operand at its position (a null element equals nothing). A null list (or a
 * null struct above it) satisfies neither. The operands are converted once to the elements' own representation;
 * an operand the element type cannot hold (2.5 for an int list) makes every list differ.
 */
final class ListEqualsCondition implements RowCondition {
    private enum Family { INTEGER, FLOATING, TEXT, BOOLEAN }

    private final int[] route;
    private final boolean negate;
    private final Family family;
    private final int width;
    private final boolean unsigned;
    private final int size;
    /** Per position: the operand as the elements hold it, or absent (no element can equal it). */
    private final long[] longs;
    private final double[] doubles;
    private final byte[][] texts;
    private final boolean[] representable;

    ListEqualsCondition(int[] route, ArrowType elementType, List<FilterValue> operands, boolean negate) {
        this.route = route;
        this.negate = negate;
        this.size = operands.size();
        this.longs = new long[size];
        this.doubles = new double[size];
        this.texts = new byte[size][];
        this.representable = new boolean[size];
        if (elementType instanceof ArrowType.Int i) {
            family = Family.INTEGER;
            width = i.getBitWidth() / 8;
            unsigned = !i.getIsSigned();
        } else if (elementType instanceof ArrowType.FloatingPoint f) {
            family = Family.FLOATING;
            width = f.getPrecision() == FloatingPointPrecision.SINGLE ? 4 : 8;
            unsigned = false;
        } else if (elementType instanceof ArrowType.Utf8 || elementType instanceof ArrowType.LargeUtf8) {
            family = Family.TEXT;
            width = 0;
            unsigned = false;
        } else {
            family = Family.BOOLEAN;
            width = 0;
            unsigned = false;
        }
        for (int k = 0; k < size; k++) {
            FilterValue v = operands.get(k);
            switch (family) {
                case INTEGER -> {
                    BigDecimal n = ((FilterValue.Number) v).value();
                    representable[k] = IntegerTest.holds(n, width, unsigned);
                    longs[k] = representable[k] ? n.toBigInteger().longValue() : 0;
                }
                case FLOATING -> {
                    doubles[k] = ((FilterValue.Number) v).value().doubleValue();
                    representable[k] = true;
                }
                case TEXT -> {
                    texts[k] = ((FilterValue.Text) v).value().getBytes(StandardCharsets.UTF_8);
                    representable[k] = true;
                }
                case BOOLEAN -> {
                    longs[k] = ((FilterValue.Bool) v).value() ? 1 : 0;
                    representable[k] = true;
                }
            }
        }
    }

    @Override
    public void and(VectorSchemaRoot batch, long[] rows) {
        FieldVector[] chain = ColumnCondition.chain(batch, route);
        FieldVector list = chain[chain.length - 1];
        Elements elements = new Elements(ColumnCondition.child(list, 0));
        ListSlots slots = new ListSlots(list);
        long[] validities = ListSlots.validities(chain);
        for (int r = 0; r < batch.getRowCount(); r++) {
            if (!ValueTest.isSet(rows, r)) {
                continue;
            }
            boolean satisfied = ListSlots.present(validities, chain.length, r) && equal(slots, elements, r) != negate;
            if (!satisfied) {
                rows[r >>> 6] &= ~(1L << r);
            }
        }
    }

    /** The element vector's buffers, found once per batch. */
    private record Elements(long validity, long data, long offsets, boolean large) {
        Elements(FieldVector v) {
            this(v.getValidityBufferAddress(), v.getDataBufferAddress(),
                    v instanceof BaseVariableWidthVector || v instanceof BaseLargeVariableWidthVector
                            ? v.getOffsetBufferAddress() : 0,
                    v instanceof BaseLargeVariableWidthVector);
        }
    }

    private boolean equal(ListSlots slots, Elements elements, int row) {
        long start = slots.start(row);
        if (slots.start(row + 1) - start != size) {
            return false;
        }
        for (int k = 0; k < size; k++) {
            int e = (int) (start + k);
            if (!representable[k] || !ValueTest.isValid(elements.validity(), e) || !elementEquals(elements, e, k)) {
                return false;
            }
        }
        return true;
    }

    private boolean elementEquals(Elements elements, int e, int k) {
        long data = elements.data();
        return switch (family) {
            case INTEGER -> {
                long v = switch (width) {
                    case 1 -> unsigned ? MemoryUtil.getByte(data + e) & 0xFFL : MemoryUtil.getByte(data + e);
                    case 2 -> unsigned ? MemoryUtil.getShort(data + 2L * e) & 0xFFFFL : MemoryUtil.getShort(data + 2L * e);
                    case 4 -> unsigned ? MemoryUtil.getInt(data + 4L * e) & 0xFFFF_FFFFL : MemoryUtil.getInt(data + 4L * e);
                    default -> MemoryUtil.getLong(data + 8L * e);
                };
                yield v == longs[k];
            }
            case FLOATING -> (width == 4 ? Float.intBitsToFloat(MemoryUtil.getInt(data + 4L * e))
                    : Double.longBitsToDouble(MemoryUtil.getLong(data + 8L * e))) == doubles[k];
            case TEXT -> {
                long offsets = elements.offsets();
                boolean large = elements.large();
                long from = large ? MemoryUtil.getLong(offsets + 8L * e) : MemoryUtil.getInt(offsets + 4L * e);
                long to = large ? MemoryUtil.getLong(offsets + 8L * (e + 1)) : MemoryUtil.getInt(offsets + 4L * (e + 1));
                yield TextTest.equal(data + from, (int) (to - from), texts[k]);
            }
            case BOOLEAN -> ((MemoryUtil.getByte(data + (e >>> 3)) >> (e & 7) & 1) == longs[k]);
        };
    }
}
