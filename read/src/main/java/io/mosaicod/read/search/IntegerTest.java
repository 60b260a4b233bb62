package io.mosaicod.read.search;

import io.mosaicod.core.search.Condition;
import io.mosaicod.core.search.FilterValue;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;

/**
 * A condition on integer values (ints of every width, signed or not, timestamps, dates, durations), exact:
 * the operands are turned once into an inclusive range of the column's own values (or a set, for
 * {@code $in}), so that {@code $gt 2.5} on an int column is {@code >= 3} and nanosecond timestamps beyond
 * 2^53 compare without rounding. Unsigned 64-bit values are compared with their sign bit flipped.
 */
final class IntegerTest implements ValueTest {
    private final int width;
    private final boolean unsigned;
    /** Matching values (in flipped order for unsigned 64-bit): {@code [lo, hi]}, or {@code set}; empty when lo > hi. */
    private final long lo;
    private final long hi;
    private final long[] set;
    /** {@code $neq} and {@code $outside}: the values outside the range match. */
    private final boolean negate;

    private IntegerTest(int width, boolean unsigned, long lo, long hi, long[] set, boolean negate) {
        this.width = width;
        this.unsigned = unsigned;
        this.lo = lo;
        this.hi = hi;
        this.set = set;
        this.negate = negate;
    }

    /** {@code width} in bytes; the operands must be numbers (checked by the caller). */
    static IntegerTest of(Condition c, int width, boolean unsigned) {
        Domain d = domain(width, unsigned);
        return switch (c.operator()) {
            case EQ -> range(width, unsigned, d, number(c, 0), number(c, 0), false);
            case NEQ -> range(width, unsigned, d, number(c, 0), number(c, 0), true);
            case LT -> range(width, unsigned, d, null, number(c, 0).subtract(tiny(number(c, 0))), false);
            case LEQ -> range(width, unsigned, d, null, number(c, 0), false);
            case GT -> range(width, unsigned, d, number(c, 0).add(tiny(number(c, 0))), null, false);
            case GEQ -> range(width, unsigned, d, number(c, 0), null, false);
            case BETWEEN -> range(width, unsigned, d, number(c, 0), number(c, 1), false);
            case OUTSIDE -> range(width, unsigned, d, number(c, 0), number(c, 1), true);
            case IN -> {
                long[] values = c.operands().stream().map(v -> ((FilterValue.Number) v).value())
                        .filter(v -> isIntegral(v) && v.compareTo(d.min) >= 0 && v.compareTo(d.max) <= 0)
                        .mapToLong(d::toOrdered).sorted().toArray();
                yield new IntegerTest(width, unsigned, 1, 0, values, false);
            }
            default -> throw new IllegalArgumentException(c.operator() + " is not a comparison");
        };
    }

    /** Whether {@code n} is a value a column of {@code width} bytes (signed or not) can hold. */
    static boolean holds(BigDecimal n, int width, boolean unsigned) {
        Domain d = domain(width, unsigned);
        return isIntegral(n) && n.compareTo(d.min) >= 0 && n.compareTo(d.max) <= 0;
    }

    private static Domain domain(int width, boolean unsigned) {
        BigDecimal min = unsigned ? BigDecimal.ZERO : BigDecimal.valueOf(-1L << (8 * width - 1));
        BigDecimal max = width == 8
                ? (unsigned ? new BigDecimal("18446744073709551615") : BigDecimal.valueOf(Long.MAX_VALUE))
                : BigDecimal.valueOf((1L << (8 * width - (unsigned ? 0 : 1))) - 1);
        return new Domain(min, max, width == 8 && unsigned);
    }

    /** The column's value range, and how a value maps to the order the loops compare in. */
    private record Domain(BigDecimal min, BigDecimal max, boolean flipSign) {
        long toOrdered(BigDecimal integral) {
            long bits = integral.toBigInteger().longValue(); // two's complement low 64 bits: exact for u64 too
            return flipSign ? bits ^ Long.MIN_VALUE : bits;
        }
    }

    /**
     * Values in {@code [from, to]} (null: unbounded), the bounds rounded inwards to integers and clamped to the
     * column's range; a strict bound comes in as the operand moved by less than one.
     */
    private static IntegerTest range(int width, boolean unsigned, Domain d, BigDecimal from, BigDecimal to,
                                     boolean negate) {
        BigDecimal low = from == null ? d.min : from.setScale(0, RoundingMode.CEILING).max(d.min);
        BigDecimal high = to == null ? d.max : to.setScale(0, RoundingMode.FLOOR).min(d.max);
        if (low.compareTo(high) > 0) {
            return new IntegerTest(width, unsigned, 1, 0, null, negate);
        }
        return new IntegerTest(width, unsigned, d.toOrdered(low), d.toOrdered(high), null, negate);
    }

    /** A positive amount below the smallest step between the operand and the next integer. */
    private static BigDecimal tiny(BigDecimal operand) {
        return BigDecimal.ONE.movePointLeft(Math.max(operand.scale(), 0) + 1);
    }

    private static boolean isIntegral(BigDecimal v) {
        return v.signum() == 0 || v.stripTrailingZeros().scale() <= 0;
    }

    private static BigDecimal number(Condition c, int i) {
        return ((FilterValue.Number) c.operands().get(i)).value();
    }

    @Override
    public void test(FieldVector leaf, long[] matches) {
        int count = leaf.getValueCount();
        long address = leaf.getDataBufferAddress();
        long validity = leaf.getValidityBufferAddress();
        if (count > 0 && leaf.getDataBuffer().capacity() < (long) count * width) {
            throw new IllegalStateException("column " + leaf.getName() + " holds fewer values than its count");
        }
        for (int i = 0; i < count; i++) {
            if (!ValueTest.isValid(validity, i)) {
                continue;
            }
            long v = switch (width) {
                case 1 -> unsigned ? MemoryUtil.getByte(address + i) & 0xFFL : MemoryUtil.getByte(address + i);
                case 2 -> unsigned ? MemoryUtil.getShort(address + 2L * i) & 0xFFFFL
                        : MemoryUtil.getShort(address + 2L * i);
                case 4 -> unsigned ? MemoryUtil.getInt(address + 4L * i) & 0xFFFF_FFFFL
                        : MemoryUtil.getInt(address + 4L * i);
                default -> unsigned ? MemoryUtil.getLong(address + 8L * i) ^ Long.MIN_VALUE
                        : MemoryUtil.getLong(address + 8L * i);
            };
            boolean in = set != null ? Arrays.binarySearch(set, v) >= 0 : v >= lo && v <= hi;
            if (in != negate) {
                ValueTest.set(matches, i);
            }
        }
    }
}
