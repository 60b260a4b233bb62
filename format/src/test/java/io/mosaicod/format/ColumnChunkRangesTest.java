package io.mosaicod.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.io.InMemorySource;
import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.testkit.ForwardingSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ColumnChunkRangesTest {

    @Test
    void chunksCloserThanTheGapAreReadTogetherAndFartherOnesApart() throws IOException {
        // chunks given out of file order: [1000, 1100), [0, 100), [150, 300); a gap of 50 joins the last two only
        ColumnChunkRanges ranges = ColumnChunkRanges.of(new long[] {1000, 0, 150}, new long[] {1100, 100, 300}, 50);
        assertThat(ranges.bytes()).isEqualTo(300 + 100);
        assertThat(ranges.first()).isZero();
        assertThat(ranges.end()).isEqualTo(1100);
        assertThat(ranges.bufferOffset(0)).isZero();
        assertThat(ranges.bufferOffset(150)).isEqualTo(150);
        assertThat(ranges.bufferOffset(1000)).isEqualTo(300);

        byte[] file = new byte[1200];
        for (int i = 0; i < file.length; i++) {
            file[i] = (byte) (i * 31);
        }
        RecordingSource source = new RecordingSource(new InMemorySource("file", file), 50);
        byte[] buffer = new byte[(int) ranges.bytes()];
        ranges.readInto(source, buffer);
        assertThat(source.requests).containsExactly(new long[] {0, 300}, new long[] {1000, 100});
        for (long position : new long[] {0, 99, 150, 299, 1000, 1099}) {
            assertThat(buffer[ranges.bufferOffset(position)]).isEqualTo(file[(int) position]);
        }
        assertThatThrownBy(() -> ranges.bufferOffset(500)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void overlappingAndNestedChunksMakeOneRange() {
        ColumnChunkRanges ranges = ColumnChunkRanges.of(new long[] {10, 20, 40}, new long[] {50, 30, 60}, 0);
        assertThat(ranges.bytes()).isEqualTo(50);
        assertThat(ranges.bufferOffset(40)).isEqualTo(30);
    }

    @Test
    void noChunkIsNoRange() {
        ColumnChunkRanges ranges = ColumnChunkRanges.of(new long[0], new long[0], 0);
        assertThat(ranges.bytes()).isZero();
        assertThat(ranges.end()).isZero();
    }

    /** A source that records the position and length of every read, with the join gap a test gives. */
    static final class RecordingSource extends ForwardingSource {
        final List<long[]> requests = new ArrayList<>();
        private final long joinGapBytes;

        RecordingSource(RandomAccessSource source, long joinGapBytes) {
            super(source);
            this.joinGapBytes = joinGapBytes;
        }

        long bytesRead() {
            return requests.stream().mapToLong(r -> r[1]).sum();
        }

        @Override
        public long joinGapBytes() {
            return joinGapBytes;
        }

        @Override
        public void readFully(long position, ByteBuffer dst) throws IOException {
            requests.add(new long[] {position, dst.remaining()});
            super.readFully(position, dst);
        }
    }
}
