package io.mosaicod.read.search;

import io.mosaicod.core.search.Condition;
import io.mosaicod.core.search.FilterValue;
import io.mosaicod.core.search.Operator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;

/** A condition on bool values: {@code $eq}, {@code $neq} and {@code $in}, as the set of values that match. */
final class BooleanTest implements ValueTest {
    private final boolean matchesTrue;
    private final boolean matchesFalse;

    private BooleanTest(boolean matchesTrue, boolean matchesFalse) {
        this.matchesTrue = matchesTrue;
        this.matchesFalse = matchesFalse;
    }

    static BooleanTest of(Condition c) {
        boolean anyTrue = false;
        boolean anyFalse = false;
        for (FilterValue v : c.operands()) {
            anyTrue |= ((FilterValue.Bool) v).value();
            anyFalse |= !((FilterValue.Bool) v).value();
        }
        return c.operator() == Operator.NEQ ? new BooleanTest(!anyTrue, !anyFalse) : new BooleanTest(anyTrue, anyFalse);
    }

    @Override
    public void test(FieldVector leaf, long[] matches) {
        int count = leaf.getValueCount();
        long data = leaf.getDataBufferAddress();
        long validity = leaf.getValidityBufferAddress();
        for (int i = 0; i < count; i++) {
            if (ValueTest.isValid(validity, i)
                    && ((MemoryUtil.getByte(data + (i >>> 3)) >> (i & 7) & 1) != 0 ? matchesTrue : matchesFalse)) {
                ValueTest.set(matches, i);
            }
        }
    }
}
