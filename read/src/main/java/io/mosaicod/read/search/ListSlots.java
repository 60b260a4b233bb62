package io.mosaicod.read.search;

import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;

/**
 * Where each row's elements lie in a list vector of one batch (list, large list or fixed-size list), read from
 * its offsets buffer found once per batch rather than through the vector for every row.
 */
final class ListSlots {
    private final long offsets;
    private final boolean large;
    /** The fixed size of a fixed-size list's rows; 0 for the others. */
    private final int fixedSize;

    ListSlots(FieldVector list) {
        this.fixedSize = list instanceof FixedSizeListVector fixed ? fixed.getListSize() : 0;
        this.large = list instanceof LargeListVector;
        this.offsets = fixedSize > 0 ? 0 : list.getOffsetBufferAddress();
    }

    /** Where the elements of {@code row} start ({@code row + 1}: where they end). */
    long start(int row) {
        if (fixedSize > 0) {
            return (long) row * fixedSize;
        }
        return large ? MemoryUtil.getLong(offsets + 8L * row) : MemoryUtil.getInt(offsets + 4L * row);
    }

    /**
     * Whether row {@code row} is present in each of the first {@code levels} vectors of a chain, given their
     * validity buffers' addresses ({@link #validities}): a null struct or list above a value makes it absent.
     */
    static boolean present(long[] validities, int levels, int row) {
        for (int s = 0; s < levels; s++) {
            if (!ValueTest.isValid(validities[s], row)) {
                return false;
            }
        }
        return true;
    }

    /** The validity buffer addresses of {@code chain}'s vectors, found once per batch. */
    static long[] validities(FieldVector[] chain) {
        long[] addresses = new long[chain.length];
        for (int s = 0; s < chain.length; s++) {
            addresses[s] = chain[s].getValidityBufferAddress();
        }
        return addresses;
    }
}
