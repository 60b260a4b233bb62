package io.mosaicod.format;

import io.mosaicod.core.io.RandomAccessSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The file ranges holding some column chunks of a row group, read into one buffer: chunks whose gap is at most
 * the source's {@link RandomAccessSource#joinGapBytes()} are read together in one request, longer gaps (the
 * chunks of columns nobody asked for) are skipped. A search reading the time and one field of a chunk of seven
 * columns thus reads two column chunks, not the five between them too.
 */
final class ColumnChunkRanges {
    /** Per range, ascending and disjoint: its first and past-the-last file positions, and its place in the buffer. */
    private final long[] starts;
    private final long[] ends;
    private final long[] bufferAt;
    private final long bytes;

    private ColumnChunkRanges(long[] starts, long[] ends, long[] bufferAt, long bytes) {
        this.starts = starts;
        this.ends = ends;
        this.bufferAt = bufferAt;
        this.bytes = bytes;
    }

    /** The ranges of the column chunks {@code [chunkStarts[i], chunkEnds[i])}, in any order, joined over gaps. */
    static ColumnChunkRanges of(long[] chunkStarts, long[] chunkEnds, long joinGapBytes) {
        int n = chunkStarts.length;
        Integer[] order = new Integer[n];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (a, b) -> Long.compare(chunkStarts[a], chunkStarts[b]));
        long[] starts = new long[n];
        long[] ends = new long[n];
        long[] bufferAt = new long[n];
        int ranges = 0;
        long bytes = 0;
        for (int i : order) {
            if (ranges > 0 && chunkStarts[i] - ends[ranges - 1] <= joinGapBytes) {
                long end = Math.max(ends[ranges - 1], chunkEnds[i]);
                bytes += end - ends[ranges - 1];
                ends[ranges - 1] = end;
            } else {
                starts[ranges] = chunkStarts[i];
                ends[ranges] = chunkEnds[i];
                bufferAt[ranges] = bytes;
                bytes += chunkEnds[i] - chunkStarts[i];
                ranges++;
            }
        }
        return new ColumnChunkRanges(Arrays.copyOf(starts, ranges), Arrays.copyOf(ends, ranges),
                Arrays.copyOf(bufferAt, ranges), bytes);
    }

    /** The bytes to read: the chunks' and the gaps' joined with them. */
    long bytes() {
        return bytes;
    }

    /** The first file position of any range, or 0 when there is none. */
    long first() {
        return starts.length == 0 ? 0 : starts[0];
    }

    /** The past-the-last file position of any range, or 0 when there is none. */
    long end() {
        return ends.length == 0 ? 0 : ends[ends.length - 1];
    }

    /** Where the byte at file position {@code position}, which one of the ranges holds, is in the buffer. */
    int bufferOffset(long position) {
        int i = Arrays.binarySearch(starts, position);
        int range = i >= 0 ? i : -i - 2;
        if (range < 0 || position >= ends[range]) {
            throw new IllegalArgumentException("position " + position + " is in none of the ranges");
        }
        return (int) (bufferAt[range] + position - starts[range]);
    }

    /** Reads every range, one request each, into {@code buffer} from its start. */
    void readInto(RandomAccessSource source, byte[] buffer) throws IOException {
        for (int r = 0; r < starts.length; r++) {
            source.readFully(starts[r], ByteBuffer.wrap(buffer, (int) bufferAt[r], (int) (ends[r] - starts[r])));
        }
    }
}
