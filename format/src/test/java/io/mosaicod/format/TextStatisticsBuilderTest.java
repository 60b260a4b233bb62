package io.mosaicod.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.testkit.TestSeed;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

@Tag("fast")
class TextStatisticsBuilderTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    /**
     * Strings sharing long prefixes, holding NUL bytes, empty, short and long: min and max as a byte-wise sort says,
     * whether a short value is read as a word with random bytes after it or, at the end of what may be read, byte
     * by byte.
     */
    @Test
    void minimumAndMaximumFromRawMemoryFollowUnsignedByteOrder() {
        Random random = new Random(SEED.value());
        String[] alphabet = {"a", "b", "\u0000", "é", "\u00ff", "joint_", "z"};
        try (BufferAllocator allocator = new RootAllocator(); ArrowBuf buffer = allocator.buffer(1 << 16)) {
            for (int round = 0; round < 200; round++) {
                TextStatisticsBuilder builder = new TextStatisticsBuilder();
                List<byte[]> values = new ArrayList<>();
                for (int i = 0; i < 1 + random.nextInt(30); i++) {
                    StringBuilder text = new StringBuilder(random.nextBoolean() ? "abcdefgh" : "");
                    for (int k = random.nextInt(12); k > 0; k--) {
                        text.append(alphabet[random.nextInt(alphabet.length)]);
                    }
                    byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
                    values.add(bytes);
                    byte[] after = new byte[8];
                    random.nextBytes(after);
                    buffer.setBytes(0, bytes);
                    buffer.setBytes(bytes.length, after);
                    long readable = random.nextBoolean() ? buffer.capacity() : bytes.length;
                    builder.add(buffer.memoryAddress(), bytes.length, buffer.memoryAddress() + readable);
                }
                values.sort((x, y) -> Arrays.compareUnsigned(x, y));
                ColumnStatistics.Text stats = builder.build("label");
                assertThat(stats.min()).as("round %d", round)
                        .isEqualTo(new String(values.get(0), StandardCharsets.UTF_8));
                assertThat(stats.max()).as("round %d", round)
                        .isEqualTo(new String(values.get(values.size() - 1), StandardCharsets.UTF_8));
            }
        }
    }
}
