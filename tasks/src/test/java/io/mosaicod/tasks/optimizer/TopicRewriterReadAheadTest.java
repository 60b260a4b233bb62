package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.store.Folder;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.read.ChunkCatalogEntry;
import io.mosaicod.read.fixture.ForwardingObjectStore;
import io.mosaicod.read.fixture.TopicFixture;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rewrite reads every input chunk ahead of its merge (none on its own thread): the order it predicts
 * ({@link TopicRewriter#readOrder}) is the order in which copies, spill passes and the final merge open them.
 * The chunks it copies, and only those, are also read into the file cache ahead of the copy.
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

    @Test
    void onlyCopiedChunksAreReadIntoTheFileCacheInCopyOrder() throws Exception {
        List<TopicFixture.ChunkShape> shapes = new ArrayList<>(TopicFixture.nearlyOrdered(30, 400, 0.0, 13));
        for (int i : new int[] {5, 17, 18}) { // these overlap the chunk before them: merged, not copied
            shapes.set(i, new TopicFixture.ChunkShape(shapes.get(i - 1).timestamps().stream().map(t -> t + 1).toList()));
        }
        Topic topic = fixture.ingest("mixed", "ragged", shapes);
        long largest = chunks(topic).stream().mapToLong(Chunk::sizeBytes).max().orElseThrow();
        long maxChunk = 3 * largest + 1;
        List<String> copied = new ArrayList<>();
        for (RewritePlan.Piece piece : ((RewritePlan.Rewrite) plan(topic, maxChunk, 0)).pieces()) {
            if (piece instanceof RewritePlan.Copy copy) {
                copied.add(copy.chunk().objectKey());
            }
        }
        assertThat(copied).as("the topic mixes copies and merges").isNotEmpty().hasSizeLessThan(30);
        List<String> readAhead = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch allReadAhead = new CountDownLatch(copied.size());
        ObjectStore local = store;
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1); // one wait in all if reading ahead broke
        // chunk reads wait until every copied chunk was read ahead: the reader reaching a chunk first would
        // make the read-ahead pass it over, and this test wants the whole sequence
        store = new ForwardingObjectStore(local) {
            @Override
            public void readAhead(String key) throws IOException {
                readAhead.add(key);
                super.readAhead(key);
                allReadAhead.countDown();
            }

            @Override
            public RandomAccessSource openSource(String key) throws IOException {
                try {
                    allReadAhead.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    throw new java.io.InterruptedIOException();
                }
                return super.openSource(key);
            }
        };

        TopicRewriter.Result result = rewrite(topic, maxChunk, 0);

        assertThat(result.volume().rows()).isEqualTo(30 * 400);
        assertThat(readAhead).containsExactlyElementsOf(copied);
    }

    /**
     * Read ahead into the file cache, a copied chunk is read from there by the rewrite's own thread; from a store
     * without a file cache (S3), it is fetched into memory ahead like the merged ones.
     */
    @Test
    void copiedChunksAreFetchedAheadOnlyFromAStoreWithoutAFileCache() throws Exception {
        Topic topic = fixture.ingest("copied", "ragged", TopicFixture.nearlyOrdered(12, 400, 0.0, 21));
        long largest = chunks(topic).stream().mapToLong(Chunk::sizeBytes).max().orElseThrow();
        long maxChunk = 3 * largest + 1;
        assertThat(((RewritePlan.Rewrite) plan(topic, maxChunk, 0)).pieces())
                .allMatch(piece -> piece instanceof RewritePlan.Copy);
        Thread rewriting = Thread.currentThread();
        for (boolean fileCache : new boolean[] {true, false}) {
            List<Boolean> openedByTheRewrite = Collections.synchronizedList(new ArrayList<>());
            ObjectStore local = new LocalObjectStore(data.resolve("store"));
            store = new ForwardingObjectStore(local) {
                @Override
                public RandomAccessSource openSource(String key) throws IOException {
                    if (key.endsWith(".parquet")) {
                        openedByTheRewrite.add(Thread.currentThread() == rewriting);
                    }
                    return super.openSource(key);
                }

                @Override
                public boolean hasFileCache() {
                    return fileCache;
                }
            };

            TopicRewriter.Result result = rewrite(topic, maxChunk, 0);

            assertThat(result.volume().rows()).isEqualTo(12 * 400);
            assertThat(result.unprefetchedReads()).isZero();
            // the first chunk is also opened by the rewrite for its schema
            assertThat(openedByTheRewrite).as("file cache: %s", fileCache).hasSize(12 + 1);
            assertThat(openedByTheRewrite.stream().filter(byRewrite -> !byRewrite).count())
                    .as("chunks opened by the prefetcher's threads, file cache: %s", fileCache)
                    .isEqualTo(fileCache ? 0 : 12);
            local.close();
        }
    }

    private TopicRewriter.Result rewrite(Topic topic, long maxChunk, long pool) throws IOException {
        OptimizerSettings settings = new OptimizerSettings(maxChunk, pool, Duration.ofSeconds(30), data.resolve("spill"),
                3);
        List<Chunk> chunks = chunks(topic);
        RewritePlan plan = plan(topic, maxChunk, pool);
        assertThat(plan).isInstanceOf(RewritePlan.Rewrite.class);
        return new TopicRewriter(store, allocator, settings, RewriteTuning.DEFAULT).rewrite(topic, Folder.newTopic().name(),
                (RewritePlan.Rewrite) plan, span -> ChunkCatalogEntry.summaryOf(chunks.get(span.ordinal()),
                        repository.catalog().columnStats(chunks.get(span.ordinal()).id())), () -> { }, rows -> { });
    }

    private RewritePlan plan(Topic topic, long maxChunk, long pool) {
        return new RewritePlanner(maxChunk, pool).plan(chunks(topic).stream().map(c -> new ChunkSpan(c.ordinal(),
                c.objectKey(), c.sizeBytes(), c.arrowSizeBytes(), c.rowCount(), c.minTimestampNs().getAsLong(),
                c.maxTimestampNs().getAsLong(), c.sorted(), false)).toList());
    }

    private List<Chunk> chunks(Topic topic) {
        return repository.catalog().listChunks(topic.id());
    }
}
