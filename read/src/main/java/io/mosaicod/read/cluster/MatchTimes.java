package io.mosaicod.read.cluster;

import java.util.Arrays;

/**
 * Puts the times of matching rows, found chunk by chunk, into time order for a {@link ClusterBuilder}. Chunks
 * come in order of their first timestamp and may overlap (a topic not yet optimized); a match earlier than the
 * next chunk's first timestamp can come from no later chunk, so it is released then. Only the matches of the
 * chunks that overlap the next one are held, however long the topic.
 */
public final class MatchTimes {
    private final ClusterBuilder clusters;
    /** Held matches, ascending, in {@code held[head, size)}. */
    private long[] held = new long[0];
    private int head;
    private int size;
    private long[] spare = new long[0];
    private long lastChunkStart = Long.MIN_VALUE;

    public MatchTimes(ClusterBuilder clusters) {
        this.clusters = clusters;
    }

    /**
     * The matches of the next chunk, whose rows start at {@code chunkStartNs}: {@code sorted[0, count)}
     * ascending, none before {@code chunkStartNs}.
     */
    public void addChunk(long chunkStartNs, long[] sorted, int count) {
        if (chunkStartNs < lastChunkStart) {
            throw new IllegalStateException("chunk starting at " + chunkStartNs + " after one starting at "
                    + lastChunkStart);
        }
        if (count > 0 && sorted[0] < chunkStartNs) {
            throw new IllegalStateException("match at " + sorted[0] + " before its chunk's start " + chunkStartNs);
        }
        lastChunkStart = chunkStartNs;
        releaseBefore(chunkStartNs);
        merge(sorted, count);
    }

    /** Releases every held match: no chunk is left. */
    public void finish() {
        clusters.accept(held, head, size);
        head = size = 0;
        clusters.finish();
    }

    private void releaseBefore(long boundary) {
        int i = Arrays.binarySearch(held, head, size, boundary);
        int end = i >= 0 ? lowerBound(i, boundary) : -i - 1;
        clusters.accept(held, head, end);
        clusters.noMatchBefore(boundary);
        head = end;
    }

    /** The first index at or before {@code found} holding {@code value} (binary search returns any of equals). */
    private int lowerBound(int found, long value) {
        int i = found;
        while (i > head && held[i - 1] == value) {
            i--;
        }
        return i;
    }

    private void merge(long[] sorted, int count) {
        if (count == 0) {
            return;
        }
        int heldCount = size - head;
        if (spare.length < heldCount + count) {
            spare = new long[Math.max(heldCount + count, 2 * spare.length)];
        }
        int a = head;
        int b = 0;
        int out = 0;
        while (a < size && b < count) {
            spare[out++] = held[a] <= sorted[b] ? held[a++] : sorted[b++];
        }
        System.arraycopy(held, a, spare, out, size - a);
        out += size - a;
        System.arraycopy(sorted, b, spare, out, count - b);
        out += count - b;
        long[] previous = held;
        held = spare;
        spare = previous;
        head = 0;
        size = out;
    }
}
