package io.mosaicod.tasks.optimizer;

/**
 * Every figure a rewrite's machinery is tuned with, in one place: batch and row-group sizes, the windows that
 * read ahead, and the threads beside the rewrite's own. The operator's settings ({@link OptimizerSettings}: max
 * chunk size, memory pool) come in as arguments; sizes that share the memory pool are derived from it here. The
 * measurements behind the defaults are in docs/bench-results/2026-12-07-history-optimizer.md ("Where the time
 * went") and docs/store-optimizer.md.
 *
 * @param maxReadBatchBytes    largest decoded batch a sorted run reads at once when the pool does not ask for less
 * @param minReadBatchBytes    smallest read batch, so tiny pools still make progress
 * @param minCopyBytes         a sorted chunk at least this large (or a quarter of the max chunk size, if less) is
 *                             copied into the output without decoding
 * @param outputBatchBytes     decoded bytes per output batch, at most: bounds how far a new chunk can overshoot
 *                             the max chunk size
 * @param footerAllowanceBytes room for a chunk's footer (schema, row-group and column metadata) beyond its data
 * @param maxRowGroupBytes     encoded bytes per row group of a new chunk, at most. A reader holds a whole row
 *                             group's column chunks while it decodes them, so this bounds what reading an
 *                             optimized topic costs and how finely a time range can skip; fewer, larger row groups
 *                             would not read faster
 * @param prefetchWindowBytes  encoded chunks fetched ahead of decoding, at most, when no pool asks for less
 * @param prefetchThreads      concurrent chunk fetches: a disk or S3 serves a few at once faster than one after
 *                             another
 * @param readAheadBytes       how far past the chunk being copied the chunks still to copy are read into the file
 *                             cache: copying is bound by the disk, which then reads in long stretches between the
 *                             writes (merged chunks are decoded, bound by the CPU, and not read ahead)
 * @param openAheadThreads     threads opening and decoding chunk runs ahead of the merge: CPU work for a second
 *                             core
 * @param columnEncodeThreads  threads encoding a new chunk's columns beside the merge: encoding is as much work as
 *                             decoding
 * @param writeBufferBytes     encoded bytes handed to the store's writer at a time
 * @param writeBuffers         how many such buffers may wait for the writer
 */
public record RewriteTuning(long maxReadBatchBytes, long minReadBatchBytes, long minCopyBytes,
                            long outputBatchBytes, long footerAllowanceBytes, long maxRowGroupBytes,
                            long prefetchWindowBytes, int prefetchThreads, long readAheadBytes, int openAheadThreads,
                            int columnEncodeThreads, int writeBufferBytes, int writeBuffers) {

    private static final long KIB = 1L << 10;
    private static final long MIB = 1L << 20;

    /** What every command runs with. */
    public static final RewriteTuning DEFAULT = new RewriteTuning(8 * MIB, 64 * KIB, 8 * MIB, MIB, 64 * KIB,
            32 * MIB, 64 * MIB, 4, 128 * MIB, 2, 2, 4 << 20, 4);

    /** Decoded bytes one read batch of a sorted run holds: a sixteenth of the pool, within the bounds. */
    public long readBatchBytes(long memoryPoolBytes) {
        return memoryPoolBytes == 0 ? maxReadBatchBytes
                : Math.max(minReadBatchBytes, Math.min(maxReadBatchBytes, memoryPoolBytes / 16));
    }

    /** Decoded bytes per output batch: an eighth of the max chunk size, at most {@link #outputBatchBytes}. */
    public long outputBatchBytes(long maxChunkSizeBytes) {
        return Math.max(1, Math.min(outputBatchBytes, maxChunkSizeBytes / 8));
    }

    /**
     * How far past {@code maxChunkSizeBytes} a new chunk can grow: a chunk is finished after the output batch
     * at which its size reaches the limit, and that size is measured while the columns of the last batch may
     * still be being encoded ({@code ChunkWriter.openForRewrite}), so by at most two batches and its footer.
     */
    public long maxOvershootBytes(long maxChunkSizeBytes) {
        return 2 * outputBatchBytes(maxChunkSizeBytes) + footerAllowanceBytes;
    }

    /** Row groups are buffered encoded in memory until flushed: keep them well inside a memory pool. */
    public long rowGroupBytes(long maxChunkSizeBytes, long memoryPoolBytes) {
        long cap = Math.min(maxRowGroupBytes, maxChunkSizeBytes);
        return memoryPoolBytes == 0 ? cap : Math.max(4 * MIB, Math.min(cap, memoryPoolBytes / 4));
    }

    /**
     * Chunks fetched ahead are held encoded, beside the decoded data the pool bounds: a quarter of the pool,
     * within 8 MiB and {@link #prefetchWindowBytes} (enough for a few reads in flight; more does not read faster).
     */
    public long prefetchWindowBytes(long memoryPoolBytes) {
        return memoryPoolBytes == 0 ? prefetchWindowBytes
                : Math.max(8 * MIB, Math.min(prefetchWindowBytes, memoryPoolBytes / 4));
    }

    /** Decoded first batches of the runs opened ahead of the merge, at most: a quarter of the prefetch window. */
    public long openAheadBytes(long memoryPoolBytes) {
        return prefetchWindowBytes(memoryPoolBytes) / 4;
    }
}
