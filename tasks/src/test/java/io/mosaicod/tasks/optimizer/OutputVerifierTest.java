package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RunVolume;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.read.fixture.TopicFixture.ChunkShape;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectNotFoundException;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verification before a commit refuses every output it is meant to refuse. The outputs are real chunks in
 * a local store, written by the test fixture the way ingestion writes them; where a defect cannot be written
 * (a writer misreporting what it wrote), the writer's report is altered instead.
 */
class OutputVerifierTest {
    @TempDir
    Path data;
    Repository repository;
    ObjectStore store;
    BufferAllocator allocator;
    TopicFixture fixture;
    OutputVerifier verifier;

    @BeforeEach
    void setUp() throws IOException {
        repository = Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")));
        store = new LocalObjectStore(data.resolve("store"));
        allocator = new RootAllocator();
        fixture = new TopicFixture(repository, store, allocator);
        verifier = new OutputVerifier(store);
    }

    @AfterEach
    void tearDown() throws IOException {
        allocator.close();
        store.close();
        repository.close();
    }

    @Test
    void sortedDisjointWholeChunksPass() throws IOException {
        List<NewChunk> chunks = written(TopicFixture.nearlyOrdered(3, 50, 0.0, 1));
        assertThatCode(() -> verify(chunks)).doesNotThrowAnyException();
    }

    @Test
    void fewerRowsThanTheTopicHasAreRefused() throws IOException {
        List<NewChunk> chunks = written(TopicFixture.nearlyOrdered(2, 50, 0.0, 2));
        RunVolume out = volumeOf(chunks);
        RunVolume in = new RunVolume(out.chunks(), out.bytes(), out.rows() + 1);
        assertThatThrownBy(() -> verifier.verify("seq/t", in, new TopicRewriter.Result(chunks, out, 0, 0)))
                .hasMessageContaining("the rewrite wrote 100 rows but the topic has 101");
    }

    @Test
    void aChunkOutOfTimestampOrderIsRefused() throws IOException {
        List<NewChunk> chunks = written(List.of(shape(30L, 10L, 20L)));
        assertThatThrownBy(() -> verify(chunks)).hasMessageContaining(chunks.get(0).objectKey()
                + " is not in timestamp order");
    }

    @Test
    void aChunkStartingBeforeThePreviousOneEndsIsRefused() throws IOException {
        List<NewChunk> chunks = written(List.of(shape(10L, 20L, 30L), shape(25L, 40L)));
        assertThatThrownBy(() -> verify(chunks)).hasMessageContaining(chunks.get(1).objectKey()
                + " starts before the previous chunk ends");
    }

    @Test
    void timestampsAfterRowsWithNullTimestampsAreRefused() throws IOException {
        List<NewChunk> chunks = written(List.of(shape(10L, null), shape(20L, 30L)));
        assertThatThrownBy(() -> verify(chunks)).hasMessageContaining(chunks.get(1).objectKey()
                + " has timestamps after rows with null timestamps");
    }

    @Test
    void aChunkMissingFromTheStoreIsRefused() throws IOException {
        List<NewChunk> chunks = written(TopicFixture.nearlyOrdered(2, 50, 0.0, 3));
        store.delete(chunks.get(1).objectKey());
        assertThatThrownBy(() -> verify(chunks)).isInstanceOf(ObjectNotFoundException.class)
                .hasMessageContaining(chunks.get(1).objectKey());
    }

    @Test
    void aChunkWhoseStoredSizeDiffersFromTheWritersIsRefused() throws IOException {
        List<NewChunk> chunks = reported(written(TopicFixture.nearlyOrdered(2, 50, 0.0, 4)), 1,
                c -> new NewChunk(c.ordinal(), c.objectKey(), c.sizeBytes() + 1, c.arrowSizeBytes(), c.rowCount(),
                        c.minTimestampNs(), c.maxTimestampNs(), c.sorted(), c.columnStats()));
        assertThatThrownBy(() -> verify(chunks)).hasMessageContaining(chunks.get(1).objectKey() + " holds "
                + (chunks.get(1).sizeBytes() - 1) + " bytes, the writer reported " + chunks.get(1).sizeBytes());
    }

    @Test
    void aChunkWhoseFooterCountsOtherRowsThanTheWriterIsRefused() throws IOException {
        List<NewChunk> chunks = reported(written(TopicFixture.nearlyOrdered(2, 50, 0.0, 5)), 0,
                c -> new NewChunk(c.ordinal(), c.objectKey(), c.sizeBytes(), c.arrowSizeBytes(), c.rowCount() - 1,
                        c.minTimestampNs(), c.maxTimestampNs(), c.sorted(), c.columnStats()));
        RunVolume out = volumeOf(chunks);
        // the topic's row count agrees with the report, so only the footer can tell
        assertThatThrownBy(() -> verifier.verify("seq/t", out, new TopicRewriter.Result(chunks, out, 0, 0)))
                .hasMessageContaining(chunks.get(0).objectKey() + " holds 50 rows, the writer reported 49");
    }

    /** Verifies {@code chunks} as the whole output of a topic holding exactly their rows. */
    private void verify(List<NewChunk> chunks) throws IOException {
        RunVolume volume = volumeOf(chunks);
        verifier.verify("seq/t", volume, new TopicRewriter.Result(chunks, volume, 0, 0));
    }

    /** Chunks really written to the store, as the writer reported them. */
    private List<NewChunk> written(List<ChunkShape> shapes) throws IOException {
        Topic topic = fixture.ingest("out", "default", shapes);
        List<NewChunk> chunks = new ArrayList<>();
        for (Chunk c : repository.catalog().listChunks(topic.id())) {
            chunks.add(new NewChunk(c.ordinal(), c.objectKey(), c.sizeBytes(), c.arrowSizeBytes(), c.rowCount(),
                    c.minTimestampNs(), c.maxTimestampNs(), c.sorted(), repository.catalog().columnStats(c.id())));
        }
        return chunks;
    }

    /** {@code chunks} with chunk {@code index}'s report replaced by what {@code misreport} makes of it. */
    private static List<NewChunk> reported(List<NewChunk> chunks, int index, UnaryOperator<NewChunk> misreport) {
        List<NewChunk> copy = new ArrayList<>(chunks);
        copy.set(index, misreport.apply(copy.get(index)));
        return copy;
    }

    private static RunVolume volumeOf(List<NewChunk> chunks) {
        return new RunVolume(chunks.size(), chunks.stream().mapToLong(NewChunk::sizeBytes).sum(),
                chunks.stream().mapToLong(NewChunk::rowCount).sum());
    }

    private static ChunkShape shape(Long... timestamps) {
        return new ChunkShape(Arrays.asList(timestamps));
    }
}
