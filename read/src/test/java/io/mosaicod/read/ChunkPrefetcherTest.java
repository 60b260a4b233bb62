package io.mosaicod.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectNotFoundException;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.read.fixture.ForwardingObjectStore;
import io.mosaicod.testkit.ForwardingSource;
import io.mosaicod.testkit.TestSeed;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class ChunkPrefetcherTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private static final int CHUNK_BYTES = 100_000; // the allocator rounds each to 128 KiB
    private static final long ROUNDED = 128 << 10;

    @TempDir
    Path dir;
    ObjectStore store;
    BufferAllocator allocator;
    final List<ChunkPrefetcher.Expected> chunks = new ArrayList<>();
    final List<byte[]> contents = new ArrayList<>();

    @BeforeEach
    void setUp() throws IOException {
        store = new LocalObjectStore(dir);
        allocator = new RootAllocator();
        Random random = new Random(SEED.value());
        for (int i = 0; i < 40; i++) {
            byte[] bytes = new byte[CHUNK_BYTES - random.nextInt(1000)];
            random.nextBytes(bytes);
            String key = "tp_x/data/" + i + ".parquet";
            store.put(key, bytes);
            chunks.add(new ChunkPrefetcher.Expected(key, bytes.length));
            contents.add(bytes);
        }
    }

    @AfterEach
    void tearDown() throws IOException {
        allocator.close(); // fails on leaked buffers
        store.close();
    }

    @Test
    void chunksOpenedInTheExpectedOrderAreAllReadAheadAndReadBackExactly() throws IOException {
        try (ChunkPrefetcher prefetcher = new ChunkPrefetcher(store, allocator, chunks, 8 * ROUNDED, 3)) {
            for (int i = 0; i < chunks.size(); i++) {
                try (RandomAccessSource source = prefetcher.open(chunks.get(i).objectKey())) {
                    assertThat(source.size()).isEqualTo(contents.get(i).length);
                    assertThat(readAll(source)).isEqualTo(contents.get(i));
                }
                assertThat(allocator.getPeakMemoryAllocation()).as("held at most the window").isLessThanOrEqualTo(8 * ROUNDED);
            }
            assertThat(prefetcher.misses()).isZero();
        }
    }

    @Test
    void theWindowBoundsWhatIsHeldEvenWhenReadersKeepChunksOpen() throws IOException {
        List<RandomAccessSource> open = new ArrayList<>();
        try (ChunkPrefetcher prefetcher = new ChunkPrefetcher(store, allocator, chunks, 4 * ROUNDED, 2)) {
            for (int i = 0; i < chunks.size(); i++) {
                RandomAccessSource source = prefetcher.open(chunks.get(i).objectKey());
                open.add(source);
                assertThat(readAll(source)).isEqualTo(contents.get(i));
            }
            assertThat(allocator.getPeakMemoryAllocation()).isLessThanOrEqualTo(4 * ROUNDED);
            assertThat(prefetcher.misses()).as("the window filled up, the rest came from the store").isPositive();
        } finally {
            for (RandomAccessSource source : open) {
                source.close();
            }
        }
    }

    @Test
    void chunksOpenedOutOfOrderOrTooLargeComeFromTheStore() throws IOException {
        List<ChunkPrefetcher.Expected> withLarge = new ArrayList<>(chunks);
        byte[] large = new byte[3 * CHUNK_BYTES];
        store.put("tp_x/data/large.parquet", large);
        withLarge.add(0, new ChunkPrefetcher.Expected("tp_x/data/large.parquet", large.length));
        try (ChunkPrefetcher prefetcher = new ChunkPrefetcher(store, allocator, withLarge, 8 * ROUNDED, 2)) {
            try (RandomAccessSource source = prefetcher.open("tp_x/data/large.parquet")) {
                assertThat(readAll(source)).isEqualTo(large);
            }
            for (int i = chunks.size() - 1; i >= 0; i--) {
                try (RandomAccessSource source = prefetcher.open(chunks.get(i).objectKey())) {
                    assertThat(readAll(source)).isEqualTo(contents.get(i));
                }
            }
            assertThat(prefetcher.misses()).isBetween(1L, (long) chunks.size());
        }
    }

    @Test
    void aFailedReadIsThrownByOpenAsTheStoreThrowsIt() throws IOException {
        store.delete(chunks.get(5).objectKey());
        try (ChunkPrefetcher prefetcher = new ChunkPrefetcher(store, allocator, chunks, 16 * ROUNDED, 2)) {
            for (int i = 0; i < 5; i++) {
                prefetcher.open(chunks.get(i).objectKey()).close();
            }
            assertThatThrownBy(() -> prefetcher.open(chunks.get(5).objectKey()))
                    .isInstanceOf(ObjectNotFoundException.class).hasMessageContaining(chunks.get(5).objectKey());
            try (RandomAccessSource next = prefetcher.open(chunks.get(6).objectKey())) {
                assertThat(readAll(next)).isEqualTo(contents.get(6));
            }
        }
    }

    @Test
    void anObjectOfAnotherSizeThanRecordedIsLeftToItsReader() throws IOException {
        byte[] replaced = new byte[50 * CHUNK_BYTES]; // not read ahead, whatever the window
        store.put(chunks.get(0).objectKey(), replaced);
        try (ChunkPrefetcher prefetcher = new ChunkPrefetcher(store, allocator, chunks, 4 * ROUNDED, 1);
             RandomAccessSource source = prefetcher.open(chunks.get(0).objectKey())) {
            assertThat(source.size()).isEqualTo(replaced.length);
            assertThat(allocator.getPeakMemoryAllocation()).isLessThanOrEqualTo(4 * ROUNDED);
        }
    }

    @Test
    void aReaderInterruptedWhileItsChunkIsStillReadLeavesNothingAllocatedOnceTheReadEnds() throws Exception {
        CountDownLatch readStarted = new CountDownLatch(1);
        CountDownLatch letReadFinish = new CountDownLatch(1);
        CountDownLatch readFinished = new CountDownLatch(1);
        ObjectStore gated = new ForwardingObjectStore(store) {
            @Override
            public RandomAccessSource openSource(String key) throws IOException {
                return new ForwardingSource(super.openSource(key)) {
                    @Override
                    public void readFully(long position, ByteBuffer dst) throws IOException {
                        readStarted.countDown();
                        try {
                            letReadFinish.await();
                        } catch (InterruptedException e) {
                            throw new InterruptedIOException("gate interrupted");
                        }
                        super.readFully(position, dst);
                        readFinished.countDown();
                    }
                };
            }
        };
        try (ChunkPrefetcher prefetcher = new ChunkPrefetcher(gated, allocator, chunks.subList(0, 1), 8 * ROUNDED, 1)) {
            assertThat(readStarted.await(30, TimeUnit.SECONDS)).isTrue();
            Thread.currentThread().interrupt(); // as a reader opening chunks ahead is stopped
            assertThatThrownBy(() -> prefetcher.open(chunks.get(0).objectKey()))
                    .isInstanceOf(InterruptedIOException.class);
            assertThat(Thread.interrupted()).as("the interrupt is kept").isTrue();
            letReadFinish.countDown(); // the read completes after its reader gave up on it
            assertThat(readFinished.await(30, TimeUnit.SECONDS)).isTrue();
        }
        // tearDown closes the allocator, which fails if the read's buffer was never freed
    }

    @Test
    void closingWithChunksFetchedButNotOpenedFreesThem() throws IOException {
        ChunkPrefetcher prefetcher = new ChunkPrefetcher(store, allocator, chunks, 16 * ROUNDED, 4);
        RandomAccessSource first = prefetcher.open(chunks.get(0).objectKey()); // waits for the first fetch
        prefetcher.close();
        assertThat(readAll(first)).as("an opened chunk stays readable").isEqualTo(contents.get(0));
        first.close();
        assertThat(allocator.getAllocatedMemory()).isZero();
    }

    private static byte[] readAll(RandomAccessSource source) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) source.size());
        source.readFully(0, buffer);
        return buffer.array();
    }
}
