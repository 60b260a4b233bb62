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

    /**
     * Validity bits {@code [64 w, 64 w + 64)} of a vector of {@code count} elements, from the address of its
     * validity buffer, as one word (bit i of the word: element 64 w + i); bits past {@code count} are clear.
     * Arrow buffers are little-endian, so eight bytes read as a long keep the bit order.
     */
    static long validityWord(long validity, int count, int w) {
        int bytes = (count + 7) >>> 3;
        int from = w << 3;
        long word;
        if (from + 8 <= bytes) {
            word = MemoryUtil.getLong(validity + from);
        } else {
            word = 0;
            for (int b = from; b < bytes; b++) {
                word |= (MemoryUtil.getByte(validity + b) & 0xFFL) << ((b - from) << 3);
            }
        }
        int past = count - (w << 6);
        return past >= 64 ? word : word & ((1L << past) - 1);
    }

    /** Clears, in {@code bits}, every element of a vector of {@code count} elements that is null. */
    static void andValidity(long validity, int count, long[] bits) {
        for (int w = 0; w < (count + 63) >>> 6; w++) {
            bits[w] &= validityWord(validity, count, w);
        }
    }

    /** Whether element {@code i} is not null, from the address of its vector's validity buffer. */
    static boolean isValid(long validity, int i) {
        return (MemoryUtil.getByte(validity + (i >>> 3)) >> (i & 7) & 1) != 0;
    }
}
