package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Repositories;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.store.Folder;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.tasks.ChunkCatalogEntry;
import io.mosaicod.tasks.fixture.TopicFixture;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rewrite reads every input chunk ahead of its merge (none on its own thread): the order it predicts
 * ({@link TopicRewriter#readOrder}) is the order in which copies, spill passes and the final merge open them.
 */
class TopicRewriterReadAheadTest {
    @TempDir
    Path data;
    Repository repository;
    ObjectStore store;
    BufferAllocator allocator;
    TopicFixture fixture;

    @BeforeEach
    void setUp() throws IOException {
        repository = Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")));
        store = new LocalObjectStore(data.resolve("store"));
        allocator = new RootAllocator();
        fixture = new TopicFixture(repository, store, allocator);
    }

    @AfterEach
    void tearDown() throws IOException {
        allocator.close();
        store.close();
        repository.close();
    }

    @Test
    void aMergeWithSpillPassesReadsEveryChunkAhead() throws IOException {
        Topic topic = fixture.ingest("dense", "ragged", TopicFixture.nearlyOrdered(60, 300, 0.97, 9));
        long arrowBytes = chunks(topic).stream().mapToLong(Chunk::arrowSizeBytes).sum();
        TopicRewriter.Result result = rewrite(topic, 256_000_000L, arrowBytes / 6);
        assertThat(result.volume().rows()).isEqualTo(60 * 300);
        assertThat(result.unprefetchedReads()).isZero();
    }

    @Test
    void copiedAndMergedPiecesAreReadAhead() throws IOException {
        Topic topic = fixture.ingest("mixed", "ragged", TopicFixture.nearlyOrdered(30, 400, 0.0, 13));
        long largest = chunks(topic).stream().mapToLong(Chunk::sizeBytes).max().orElseThrow();
        TopicRewriter.Result result = rewrite(topic, 3 * largest + 1, 0);
        assertThat(result.volume().rows()).isEqualTo(30 * 400);
        assertThat(result.unprefetchedReads()).isZero();
    }

    private TopicRewriter.Result rewrite(Topic topic, long maxChunk, long pool) throws IOException {
        OptimizerSettings settings = new OptimizerSettings(maxChunk, pool, Duration.ofSeconds(30), data.resolve("spill"));
        List<Chunk> chunks = chunks(topic);
        RewritePlan plan = new RewritePlanner(maxChunk, pool).plan(chunks.stream().map(c -> new ChunkSpan(c.ordinal(),
                c.objectKey(), c.sizeBytes(), c.arrowSizeBytes(), c.rowCount(), c.minTimestampNs().getAsLong(),
                c.maxTimestampNs().getAsLong(), c.sorted(), false)).toList());
        assertThat(plan).isInstanceOf(RewritePlan.Rewrite.class);
        return new TopicRewriter(store, allocator, settings).rewrite(topic, Folder.newTopic().name(),
                (RewritePlan.Rewrite) plan, span -> ChunkCatalogEntry.summaryOf(chunks.get(span.ordinal()),
                        repository.catalog().columnStats(chunks.get(span.ordinal()).id())), () -> { }, rows -> { });
    }

    private List<Chunk> chunks(Topic topic) {
        return repository.catalog().listChunks(topic.id());
    }
}
