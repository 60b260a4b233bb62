package io.mosaicod.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.read.merge.RowValues;
import io.mosaicod.store.LocalObjectStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.stream.LongStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run decoded ahead gives what the run gives, batch by batch, and closes cleanly at any point. */
class DecodeAheadRunTest {
    private static final int ROWS = 1_000;
    private static final int BATCH_ROWS = 64;

    @TempDir
    Path data;
    Repository repository;
    LocalObjectStore store;
    BufferAllocator allocator;
    ExecutorService decoder;
    Chunk chunk;

    @BeforeEach
    void ingestOneChunk() throws IOException {
        repository = Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")));
        store = new LocalObjectStore(data.resolve("store"));
        allocator = new RootAllocator();
        decoder = BackgroundThreads.fixedPool("decode-ahead-test", 1);
        Topic topic = new TopicFixture(repository, store, allocator).ingest("imu", "default",
                List.of(new TopicFixture.ChunkShape(LongStream.range(0, ROWS).map(t -> 3 * t).boxed().toList())));
        chunk = repository.catalog().listChunks(topic.id()).get(0);
    }

    @AfterEach
    void close() throws Exception {
        decoder.shutdownNow();
        allocator.close(); // fails on any buffer a run left behind
        store.close();
        repository.close();
    }

    @Test
    void givesTheRunsBatchesEachValidUntilTheNextCall() throws IOException {
        List<List<List<Object>>> plain = new ArrayList<>();
        try (StoredChunkRun run = open()) {
            for (VectorSchemaRoot batch = run.nextBatch(); batch != null; batch = run.nextBatch()) {
                plain.add(RowValues.rows(batch));
            }
        }
        List<List<List<Object>>> ahead = new ArrayList<>();
        try (DecodeAheadRun run = DecodeAheadRun.start(open(), decoder, allocator)) {
            for (VectorSchemaRoot batch = run.nextBatch(); batch != null; batch = run.nextBatch()) {
                List<List<Object>> before = RowValues.rows(batch);
                Thread.yield(); // the next batch is being decoded meanwhile
                assertThat(RowValues.rows(batch)).isEqualTo(before);
                ahead.add(before);
            }
        }
        assertThat(plain).hasSize((ROWS + BATCH_ROWS - 1) / BATCH_ROWS);
        assertThat(ahead).isEqualTo(plain);
    }

    @Test
    void aFailureOfTheDecodeIsThrownByTheCallThatWantsItsBatch() throws IOException {
        try (DecodeAheadRun run = DecodeAheadRun.start(open().expectingRows(ROWS + 1), decoder, allocator)) {
            assertThatThrownBy(() -> {
                while (run.nextBatch() != null) {
                    // reads to the end, where the row count is checked
                }
            }).isInstanceOf(IOException.class).hasMessageContaining("records " + (ROWS + 1));
        }
    }

    @Test
    void closesWithABatchBeingDecoded() throws IOException {
        for (int read = 0; read < 4; read++) {
            try (DecodeAheadRun run = DecodeAheadRun.start(open(), decoder, allocator)) {
                for (int b = 0; b < read; b++) {
                    assertThat(run.nextBatch()).isNotNull();
                }
            }
        }
    }

    @Test
    void closesAfterItsOwnBatchCouldNotBeAllocated() throws IOException {
        try (BufferAllocator noRoom = allocator.newChildAllocator("no room", 0, 0)) {
            DecodeAheadRun run = DecodeAheadRun.start(open(), decoder, noRoom);
            assertThatThrownBy(run::nextBatch).isInstanceOf(OutOfMemoryException.class);
            run.close();
        }
    }

    private StoredChunkRun open() throws IOException {
        return StoredChunkRun.open(store.openSource(chunk.objectKey()), chunk.sizeBytes(), allocator,
                ChunkReadOptions.all().withBatchRows(BATCH_ROWS));
    }
}
