package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.testkit.ForwardingSource;
import io.mosaicod.testkit.TestSeed;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Reads of a real file through the buffer return the file's bytes exactly, in few reads of the file. */
@Tag("fast")
class BufferedSourceTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    private static final int BUFFER = 64 << 10;

    @TempDir
    Path dir;

    @Test
    void aSequentialCopyInSmallReadsReadsTheFileOncePerBuffer() throws IOException {
        byte[] content = randomBytes(new Random(SEED.value()), (3 << 20) + 4_321);
        List<Integer> fileReads = new ArrayList<>();
        try (LocalObjectStore store = storeWith(content);
             BufferedSource source = new BufferedSource(counting(store.openSource("chunk"), fileReads),
                     ByteBuffer.allocateDirect(BUFFER))) {
            byte[] copied = new byte[content.length];
            for (int at = 0; at < content.length; at += 8192) { // as parquet-java copies a row group
                int n = Math.min(8192, content.length - at);
                source.readFully(at, ByteBuffer.wrap(copied, at, n));
            }
            assertThat(copied).isEqualTo(content);
            assertThat(fileReads).hasSize((content.length + BUFFER - 1) / BUFFER).allMatch(n -> n <= BUFFER);
        }
    }

    @Test
    void randomReadsAcrossTheBufferAndLargeReadsReturnExactlyTheFile() throws IOException {
        Random random = new Random(SEED.value());
        byte[] content = randomBytes(random, 1 << 20);
        List<Integer> fileReads = new ArrayList<>();
        try (LocalObjectStore store = storeWith(content);
             BufferedSource source = new BufferedSource(counting(store.openSource("chunk"), fileReads),
                     ByteBuffer.allocate(BUFFER))) {
            for (int i = 0; i < 2_000; i++) {
                int length = random.nextInt(8) == 0 ? BUFFER / 2 + random.nextInt(BUFFER) : 1 + random.nextInt(9_000);
                int from = random.nextInt(content.length - length + 1);
                ByteBuffer into = ByteBuffer.allocate(length + 3).position(3);
                source.readFully(from, into);
                assertThat(into.hasRemaining()).isFalse();
                assertThat(Arrays.copyOfRange(into.array(), 3, 3 + length))
                        .as("read %d of %d bytes at %d", i, length, from)
                        .isEqualTo(Arrays.copyOfRange(content, from, from + length));
            }
            assertThat(fileReads).as("large reads went straight to the file").anyMatch(n -> n > BUFFER / 2);
        }
    }

    @Test
    void aReadPastTheEndFailsAndTheNextReadsStillSucceed() throws IOException {
        byte[] content = randomBytes(new Random(SEED.value()), 100_000);
        try (LocalObjectStore store = storeWith(content);
             BufferedSource source = new BufferedSource(store.openSource("chunk"), ByteBuffer.allocate(BUFFER))) {
            assertThatThrownBy(() -> source.readFully(content.length - 10, ByteBuffer.allocate(11)))
                    .isInstanceOf(EOFException.class);
            ByteBuffer last = ByteBuffer.allocate(10);
            source.readFully(content.length - 10, last);
            assertThat(last.array()).isEqualTo(Arrays.copyOfRange(content, content.length - 10, content.length));
        }
    }

    private LocalObjectStore storeWith(byte[] content) throws IOException {
        LocalObjectStore store = new LocalObjectStore(dir.resolve("store"));
        store.put("chunk", content);
        return store;
    }

    private static byte[] randomBytes(Random random, int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    /** {@code source}, recording the length of every read it serves. */
    private static RandomAccessSource counting(RandomAccessSource source, List<Integer> reads) {
        return new ForwardingSource(source) {
            @Override
            public void readFully(long position, ByteBuffer dst) throws IOException {
                reads.add(dst.remaining());
                super.readFully(position, dst);
            }
        };
    }
}
