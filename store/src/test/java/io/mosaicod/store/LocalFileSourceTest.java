package io.mosaicod.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.testkit.TestSeed;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

@Tag("fast")
class LocalFileSourceTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    @TempDir
    Path dir;

    /** Heap reads go through the file in pieces: every byte lands where asked, whatever the buffer's window. */
    @Test
    void readsLargeRangesIntoAWindowOfAHeapBufferExactly() throws IOException {
        Random random = new Random(SEED.value());
        byte[] content = new byte[(5 << 20) + 12_345];
        random.nextBytes(content);
        Path file = Files.write(dir.resolve("chunk.parquet"), content);
        try (LocalFileSource source = LocalFileSource.open(file)) {
            for (int i = 0; i < 5; i++) {
                int from = random.nextInt(content.length / 2);
                int length = 1 + random.nextInt(content.length - from);
                int offset = random.nextInt(100);
                byte[] target = new byte[offset + length + 7];
                ByteBuffer window = ByteBuffer.wrap(target, offset, length);
                source.readFully(from, window);
                assertThat(window.position()).isEqualTo(offset + length);
                assertThat(window.limit()).isEqualTo(offset + length);
                assertThat(Arrays.copyOfRange(target, offset, offset + length))
                        .isEqualTo(Arrays.copyOfRange(content, from, from + length));
                assertThat(Arrays.copyOfRange(target, offset + length, target.length)).containsOnly(0);
            }
        }
    }
}
