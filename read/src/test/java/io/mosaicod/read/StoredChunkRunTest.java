package io.mosaicod.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.read.fixture.TopicFixture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A whole read of a chunk is checked against the row count the repository records for it. */
class StoredChunkRunTest {
    @TempDir
    Path data;
    Repository repository;
    LocalObjectStore store;
    BufferAllocator allocator;
    Chunk chunk;

    @BeforeEach
    void ingestOneChunk() throws IOException {
        repository = Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")));
        store = new LocalObjectStore(data.resolve("store"));
        allocator = new RootAllocator();
        Topic topic = new TopicFixture(repository, store, allocator).ingest("imu", "default",
                List.of(new TopicFixture.ChunkShape(List.of(1L, 2L, 3L, 4L, 5L))));
        chunk = repository.catalog().listChunks(topic.id()).get(0);
    }

    @AfterEach
    void close() throws Exception {
        allocator.close();
        store.close();
        repository.close();
    }

    @Test
    void aWholeReadYieldingTheRecordedRowsEndsNormally() throws IOException {
        try (StoredChunkRun run = open().expectingRows(5)) {
            assertThat(rowsUntilTheEnd(run)).isEqualTo(5);
        }
    }

    @Test
    void aWholeReadYieldingOtherThanTheRecordedRowsFailsNamingTheChunk() throws IOException {
        try (StoredChunkRun run = open().expectingRows(6)) {
            assertThatThrownBy(() -> rowsUntilTheEnd(run)).isInstanceOf(IOException.class)
                    .hasMessageContaining(chunk.objectKey()).hasMessageContaining("yielded 5 rows")
                    .hasMessageContaining("records 6");
        }
    }

    private StoredChunkRun open() throws IOException {
        return StoredChunkRun.open(store.openSource(chunk.objectKey()), chunk.sizeBytes(), allocator,
                ChunkReadOptions.all().withBatchRows(2));
    }

    private static long rowsUntilTheEnd(StoredChunkRun run) throws IOException {
        long rows = 0;
        for (VectorSchemaRoot batch = run.nextBatch(); batch != null; batch = run.nextBatch()) {
            rows += batch.getRowCount();
        }
        return rows;
    }
}
