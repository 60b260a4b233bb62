package io.mosaicod.read.search;

import io.mosaicod.core.search.Condition;
import io.mosaicod.core.search.FilterValue;
import io.mosaicod.core.search.Operator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;

/**
 * A condition on float32 / float64 values, compared as doubles (float32 values widen exactly). NaN satisfies
 * {@code $neq} only; the operands are rounded to double once.
 */
final class FloatingTest implements ValueTest {
    private final boolean single;
    private final Operator operator;
    private final double a;
    private final double b;
    private final double[] set;

    private FloatingTest(boolean single, Operator operator, double a, double b, double[] set) {
        this.single = single;
        this.operator = operator;
        this.a = a;
        this.b = b;
        this.set = set;
    }

    static FloatingTest of(Condition c, boolean single) {
        double[] operands = c.operands().stream()
                .mapToDouble(v -> ((FilterValue.Number) v).value().doubleValue()).toArray();
        return new FloatingTest(single, c.operator(), operands[0], operands.length > 1 ? operands[1] : Double.NaN,
                operands);
    }

    @Override
    public void test(FieldVector leaf, long[] matches) {
        int count = leaf.getValueCount();
        int width = single ? 4 : 8;
        if (count > 0 && leaf.getDataBuffer().capacity() < (long) count * width) {
            throw new IllegalStateException("column " + leaf.getName() + " holds fewer values than its count");
        }
        long address = leaf.getDataBufferAddress();
        long validity = leaf.getValidityBufferAddress();
        // every slot judged (a null's slot holds some value), then the nulls cleared a word at a time
        for (int w = 0; w < (count + 63) >>> 6; w++) {
            long word = 0;
            for (int i = w << 6, end = Math.min(count, i + 64); i < end; i++) {
                double v = single ? Float.intBitsToFloat(MemoryUtil.getInt(address + 4L * i))
                        : Double.longBitsToDouble(MemoryUtil.getLong(address + 8L * i));
                if (matches(v)) {
                    word |= 1L << i;
                }
            }
            matches[w] |= word & ValueTest.validityWord(validity, count, w);
        }
    }

    private boolean matches(double v) {
        return switch (operator) {
            case EQ -> v == a;
            case NEQ -> !(v == a);
            case LT -> v < a;
            case LEQ -> v <= a;
            case GT -> v > a;
            case GEQ -> v >= a;
            case BETWEEN -> v >= a && v <= b;
            case OUTSIDE -> v < a || v > b;
            case IN -> contains(v);
            default -> throw new IllegalStateException(operator + " is not a comparison");
        };
    }

    private boolean contains(double v) {
        for (double x : set) {
            if (v == x) {
                return true;
            }
        }
        return false;
    }
}
