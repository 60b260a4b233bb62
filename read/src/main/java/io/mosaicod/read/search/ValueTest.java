package io.mosaicod.read.search;

import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;

/**
 * One condition's test of a leaf column's values, a batch at a time: sets, in {@code matches}, the bit of every
 * element of {@code leaf} that is not null and whose value satisfies the condition. Built once per column
 * type and operator (the operands converted to the column's own domain then), so the loops below test raw
 * values without a call per value.
 */
interface ValueTest {
    void test(FieldVector leaf, long[] matches);

    static boolean isSet(long[] bits, int i) {
        return (bits[i >>> 6] & 1L << i) != 0;
    }

    static void set(long[] bits, int i) {
        bits[i >>> 6] |= 1L << i;
    }

    /** Whether element {@code i} is not null, from the address of its vector's validity buffer. */
    static boolean isValid(long validity, int i) {
        return (MemoryUtil.getByte(validity + (i >>> 3)) >> (i & 7) & 1) != 0;
    }
}
