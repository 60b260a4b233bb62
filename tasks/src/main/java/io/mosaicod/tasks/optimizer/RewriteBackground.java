package io.mosaicod.tasks.optimizer;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.read.BackgroundThreads;
import io.mosaicod.read.ChunkPrefetcher;
import io.mosaicod.read.FileCacheReadAhead;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The work that runs beside one rewrite's own thread: the chunks it reads fetched ahead into memory, the chunks
 * it copies read ahead into the file cache before that, the threads that encode new chunks' columns and the one
 * that commits them. Started for one rewrite and
 * stopped with it, whichever way it ends. (Runs opened ahead of the merge belong to {@link MergeInputs}, and the
 * writes behind the output to {@link ChunkOutput}: both need the topic's schema first.)
 */
final class RewriteBackground implements AutoCloseable {
    /** What a copied chunk is read in at a time from the file cache. */
    private static final int COPY_READ_BYTES = 1 << 20;

    private final ObjectStore store;
    /**
     * Copied chunks are read from the file cache, once read ahead, rather than fetched into memory: fetched,
     * they were read from the disk by several threads at once, ~2x slower here than one sequential reader
     * (docs/benchmarks.md, "The ingestion-like pass").
     */
    private final boolean copiesFromFileCache;
    private ByteBuffer copyBuffer;
    private ChunkPrefetcher prefetcher;
    private FileCacheReadAhead readAhead;
    private ExecutorService columnEncoders;
    private ExecutorService chunkCommits;

    /**
     * @param toRead the chunks the rewrite reads, in the order it opens them
     * @param toCopy those of them it copies without decoding, in order
     */
    RewriteBackground(ObjectStore store, BufferAllocator allocator, List<ChunkSpan> toRead, List<ChunkSpan> toCopy,
                      RewriteTuning tuning, long memoryPoolBytes) {
        this.store = store;
        this.copiesFromFileCache = store.hasFileCache();
        Set<ChunkSpan> copied = Set.copyOf(toCopy);
        List<ChunkSpan> fetched = copiesFromFileCache
                ? toRead.stream().filter(chunk -> !copied.contains(chunk)).toList() : toRead;
        try {
            prefetcher = new ChunkPrefetcher(store, allocator, expected(fetched),
                    tuning.prefetchWindowBytes(memoryPoolBytes), tuning.prefetchThreads());
            readAhead = new FileCacheReadAhead(store, expected(toCopy), tuning.readAheadBytes());
            columnEncoders = BackgroundThreads.fixedPool("column-encode", tuning.columnEncodeThreads());
            chunkCommits = BackgroundThreads.fixedPool("chunk-commit", 1);
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    ChunkPrefetcher prefetcher() {
        return prefetcher;
    }

    /** The source a copied chunk is read from; the chunks to copy are opened in the order given at the start. */
    RandomAccessSource openCopy(ChunkSpan chunk) throws IOException {
        readAhead.reached(chunk.objectKey());
        if (!copiesFromFileCache) {
            return prefetcher.open(chunk.objectKey());
        }
        if (copyBuffer == null) {
            copyBuffer = ByteBuffer.allocateDirect(COPY_READ_BYTES);
        }
        return new BufferedSource(store.openSource(chunk.objectKey()), copyBuffer);
    }

    Executor columnEncoders() {
        return columnEncoders;
    }

    /** Commits the new chunks, one at a time, while the next is written. */
    Executor chunkCommits() {
        return chunkCommits;
    }

    @Override
    public void close() {
        if (columnEncoders != null) {
            columnEncoders.shutdownNow();
        }
        if (chunkCommits != null) {
            chunkCommits.shutdown(); // the output waited for its last commit when it was closed
        }
        try {
            if (readAhead != null) {
                readAhead.close();
            }
        } finally {
            if (prefetcher != null) {
                prefetcher.close();
            }
        }
    }

    private static List<ChunkPrefetcher.Expected> expected(List<ChunkSpan> chunks) {
        return chunks.stream().map(c -> new ChunkPrefetcher.Expected(c.objectKey(), c.sizeBytes())).toList();
    }
}
