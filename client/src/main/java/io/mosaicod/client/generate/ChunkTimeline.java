package io.mosaicod.client.generate;

import java.util.SplittableRandom;

/**
 * The timestamps of a topic's chunks. Chunk {@code k} starts {@code k × span × (1 − overlap)} after the first,
 * where {@code span} is the time its rows cover, so neighbouring chunks share {@code overlap} of their span.
 * Within a chunk, rows are one period apart plus a jitter below half a period: each chunk is strictly
 * ordered, and disjoint from the next when the overlap is 0.
 */
final class ChunkTimeline {
    private final long startNs;
    private final long periodNs;
    private final int rowsPerChunk;
    private final long strideNs;

    ChunkTimeline(long startNs, long periodNs, int rowsPerChunk, double overlap) {
        this.startNs = startNs;
        this.periodNs = periodNs;
        this.rowsPerChunk = rowsPerChunk;
        long spanNs = periodNs * rowsPerChunk;
        this.strideNs = Math.max(1, (long) (spanNs * (1 - overlap)));
    }

    /** The timestamps of chunk {@code k}, ascending; shuffled if {@code shuffle}. */
    long[] chunk(int k, boolean shuffle, SplittableRandom random) {
        long chunkStart = startNs + k * strideNs;
        long[] timestamps = new long[rowsPerChunk];
        long jitterBound = Math.max(1, periodNs / 2);
        for (int r = 0; r < rowsPerChunk; r++) {
            timestamps[r] = chunkStart + r * periodNs + random.nextLong(jitterBound);
        }
        if (shuffle) {
            for (int i = rowsPerChunk - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                long t = timestamps[i];
                timestamps[i] = timestamps[j];
                timestamps[j] = t;
            }
        }
        return timestamps;
    }
}
