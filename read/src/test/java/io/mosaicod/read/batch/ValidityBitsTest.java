package io.mosaicod.read.batch;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class ValidityBitsTest {

    @Test
    void everyAlignmentAndLengthCopiesExactlyTheRangeAndLeavesTheRestAlone() {
        try (BufferAllocator allocator = new RootAllocator();
             ArrowBuf source = allocator.buffer(32);
             ArrowBuf target = allocator.buffer(32)) {
            for (int i = 0; i < 32; i++) {
                source.setByte(i, (byte) (0x5A ^ (i * 37)));
            }
            for (int from = 0; from < 16; from++) {
                for (int to = 0; to < 16; to++) {
                    for (int count = 0; count <= 100; count++) {
                        for (boolean background : new boolean[] {false, true}) {
                            target.setOne(0, 32);
                            if (!background) {
                                target.setZero(0, 32);
                            }
                            ValidityBits.copy(source.memoryAddress(), from, target.memoryAddress(), to, count);
                            byte[] expected = new byte[32];
                            for (int bit = 0; bit < 32 * 8; bit++) {
                                boolean set = bit >= to && bit < to + count ? bitOf(source, from + bit - to) : background;
                                expected[bit / 8] |= (byte) (set ? 1 << (bit % 8) : 0);
                            }
                            byte[] actual = new byte[32];
                            target.getBytes(0, actual);
                            if (!java.util.Arrays.equals(actual, expected)) {
                                assertThat(actual).as("from bit %d to bit %d, %d bits", from, to, count)
                                        .isEqualTo(expected);
                            }
                        }
                    }
                }
            }
        }
    }

    private static boolean bitOf(ArrowBuf buffer, int bit) {
        return (buffer.getByte(bit / 8) >>> (bit % 8) & 1) != 0;
    }
}
