package io.mosaicod.tasks.optimizer;

import io.mosaicod.read.BackgroundThreads;
import io.mosaicod.read.ChunkPrefetcher;
import io.mosaicod.read.FileCacheReadAhead;
import io.mosaicod.store.ObjectStore;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The work that runs beside one rewrite's own thread: the chunks it reads fetched ahead into memory, the chunks
 * it copies read ahead into the file cache before that, and the threads that encode new chunks' columns. Started for one rewrite and
 * stopped with it, whichever way it ends. (Runs opened ahead of the merge belong to {@link MergeInputs}, and the
 * writes behind the output to {@link ChunkOutput}: both need the topic's schema first.)
 */
final class RewriteBackground implements AutoCloseable {
    private ChunkPrefetcher prefetcher;
    private FileCacheReadAhead readAhead;
    private ExecutorService columnEncoders;

    /**
     * @param toRead the chunks the rewrite reads, in the order it opens them
     * @param toCopy those of them it copies without decoding, in order
     */
    RewriteBackground(ObjectStore store, BufferAllocator allocator, List<ChunkSpan> toRead, List<ChunkSpan> toCopy,
                      RewriteTuning tuning, long memoryPoolBytes) {
        try {
            prefetcher = new ChunkPrefetcher(store, allocator, expected(toRead),
                    tuning.prefetchWindowBytes(memoryPoolBytes), tuning.prefetchThreads());
            readAhead = new FileCacheReadAhead(store, expected(toCopy), tuning.readAheadBytes());
            columnEncoders = BackgroundThreads.fixedPool("column-encode", tuning.columnEncodeThreads());
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    ChunkPrefetcher prefetcher() {
        return prefetcher;
    }

    FileCacheReadAhead readAhead() {
        return readAhead;
    }

    Executor columnEncoders() {
        return columnEncoders;
    }

    @Override
    public void close() {
        if (columnEncoders != null) {
            columnEncoders.shutdownNow();
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
