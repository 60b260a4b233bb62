package io.mosaicod.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.read.fixture.ForwardingObjectStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileCacheReadAheadTest {
    private static final int CHUNK_BYTES = 10_000;
    private static final int CHUNKS = 20;

    @TempDir
    Path dir;
    ObjectStore local;
    final List<ChunkPrefetcher.Expected> chunks = new ArrayList<>();
    /** Each read ahead as it began: the chunk's index and the index of the chunk the reader had reached then. */
    final List<int[]> readsAhead = new ArrayList<>();
    int reached = -1;
    final CountDownLatch[] readAheadDone = new CountDownLatch[CHUNKS];

    @BeforeEach
    void setUp() throws IOException {
        local = new LocalObjectStore(dir);
        for (int i = 0; i < CHUNKS; i++) {
            String key = "tp_x/data/" + i + ".parquet";
            local.put(key, new byte[CHUNK_BYTES]);
            chunks.add(new ChunkPrefetcher.Expected(key, CHUNK_BYTES));
            readAheadDone[i] = new CountDownLatch(1);
        }
    }

    @AfterEach
    void tearDown() throws IOException {
        local.close();
    }

    @Test
    void readsAheadInOrderNeverFartherThanTheDistancePastTheChunkReached() throws Exception {
        ObjectStore store = recording(null);
        try (FileCacheReadAhead readAhead = new FileCacheReadAhead(store, chunks, 3L * CHUNK_BYTES)) {
            awaitReadAhead(2); // chunks 0-2 begin within 3 chunks of the start
            for (int i = 0; i < CHUNKS; i++) {
                reach(readAhead, i); // a reader slower than the disk: it never catches up
                awaitReadAhead(Math.min(i + 3, CHUNKS - 1));
            }
        }
        synchronized (readsAhead) {
            assertThat(readsAhead.stream().map(r -> r[0]).toList()).as("every chunk, in order")
                    .isEqualTo(IntStream.range(0, CHUNKS).boxed().toList());
            for (int[] read : readsAhead) {
                assertThat(read[0]).as("chunk %d began within the distance past chunk %d", read[0], read[1])
                        .isLessThanOrEqualTo(read[1] + 3);
            }
        }
    }

    @Test
    void chunksTheReaderReachedMeanwhileAreSkipped() throws Exception {
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch releaseFirst = new CountDownLatch(1);
        ObjectStore store = recording(key -> {
            if (key.equals(chunks.get(0).objectKey())) {
                firstStarted.countDown();
                await(releaseFirst);
            }
        });
        try (FileCacheReadAhead readAhead = new FileCacheReadAhead(store, chunks, Long.MAX_VALUE)) {
            assertThat(firstStarted.await(1, TimeUnit.MINUTES)).isTrue();
            reach(readAhead, 5); // while chunk 0 is being read ahead, the reader gets to chunk 5
            releaseFirst.countDown();
            awaitReadAhead(CHUNKS - 1);
        }
        synchronized (readsAhead) {
            assertThat(readsAhead.stream().map(r -> r[0]).toList())
                    .containsExactly(0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19);
        }
    }

    @Test
    void aChunkThatCannotBeReadAheadIsPassedOver() throws Exception {
        local.delete(chunks.get(3).objectKey()); // its reader will report that
        try (FileCacheReadAhead readAhead = new FileCacheReadAhead(recording(null), chunks, Long.MAX_VALUE)) {
            awaitReadAhead(CHUNKS - 1);
        }
        synchronized (readsAhead) {
            assertThat(readsAhead).hasSize(CHUNKS);
        }
    }

    @Test
    void closingStopsAReadAheadWaitingForTheReader() throws Exception {
        FileCacheReadAhead readAhead = new FileCacheReadAhead(recording(null), chunks, 2L * CHUNK_BYTES);
        awaitReadAhead(1);
        readAhead.close();
        reach(readAhead, CHUNKS - 1); // after close: nothing more is read
        synchronized (readsAhead) {
            assertThat(readsAhead.stream().map(r -> r[0]).toList()).containsExactly(0, 1);
        }
    }

    private void reach(FileCacheReadAhead readAhead, int chunk) {
        synchronized (readsAhead) {
            reached = chunk;
            readAhead.reached(chunks.get(chunk).objectKey());
        }
    }

    private void awaitReadAhead(int chunk) throws InterruptedException {
        assertThat(readAheadDone[chunk].await(1, TimeUnit.MINUTES)).as("chunk %d read ahead", chunk).isTrue();
    }

    /** Records each read ahead with the chunk reached at that moment; {@code before} runs ahead of the read. */
    private ObjectStore recording(Consumer<String> before) {
        return new ForwardingObjectStore(local) {
            @Override
            public void readAhead(String key) throws IOException {
                int chunk = indexOf(key);
                synchronized (readsAhead) {
                    readsAhead.add(new int[] {chunk, reached});
                }
                if (before != null) {
                    before.accept(key);
                }
                try {
                    super.readAhead(key);
                } finally {
                    readAheadDone[chunk].countDown();
                }
            }
        };
    }

    private int indexOf(String key) {
        for (int i = 0; i < chunks.size(); i++) {
            if (chunks.get(i).objectKey().equals(key)) {
                return i;
            }
        }
        throw new AssertionError(key);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
