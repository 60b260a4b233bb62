package io.mosaicod.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.buffer.UnpooledDirectByteBuf;
import io.netty.buffer.UnpooledHeapByteBuf;
import java.io.ByteArrayOutputStream;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class DenseReadCumulatorTest {
    private static final ByteBufAllocator ALLOC = new UnpooledByteBufAllocator(false);

    private final Random random = new Random(20261206);
    /** Every byte handed to the cumulator, in order: what the cumulation must hold. */
    private final ByteArrayOutputStream sent = new ByteArrayOutputStream();

    /** A socket read of {@code bytes} bytes into a buffer of {@code capacity}. */
    private ByteBuf read(int bytes, int capacity) {
        byte[] data = new byte[bytes];
        random.nextBytes(data);
        sent.writeBytes(data);
        return ALLOC.heapBuffer(capacity).writeBytes(data);
    }

    private static byte[] contents(ByteBuf buffer) {
        byte[] bytes = new byte[buffer.readableBytes()];
        buffer.getBytes(buffer.readerIndex(), bytes);
        return bytes;
    }

    @Test
    void readsThatFillTheirBufferAreKeptAsTheyAre() {
        ByteBuf cumulation = DenseReadCumulator.INSTANCE.cumulate(ALLOC, Unpooled.EMPTY_BUFFER, read(100, 65_536));
        ByteBuf first = read(65_536, 65_536);
        ByteBuf second = read(40_000, 65_536);
        cumulation = DenseReadCumulator.INSTANCE.cumulate(ALLOC, cumulation, first);
        cumulation = DenseReadCumulator.INSTANCE.cumulate(ALLOC, cumulation, second);
        try {
            assertThat(cumulation).isInstanceOf(CompositeByteBuf.class);
            CompositeByteBuf composite = (CompositeByteBuf) cumulation;
            assertThat(composite.numComponents()).isEqualTo(3);
            // no copy: the components are the reads' own memory
            assertThat(composite.internalComponent(1).array()).isSameAs(first.array());
            assertThat(composite.internalComponent(2).array()).isSameAs(second.array());
            assertThat(contents(cumulation)).isEqualTo(sent.toByteArray());
        } finally {
            cumulation.release();
        }
    }

    @Test
    void aTrickleIsMergedIntoOneBufferNotKeptReadByRead() {
        ByteBuf cumulation = Unpooled.EMPTY_BUFFER;
        for (int i = 0; i < 2_000; i++) {
            cumulation = DenseReadCumulator.INSTANCE.cumulate(ALLOC, cumulation, read(1 + random.nextInt(16), 64));
        }
        // a read of some kilobytes into a buffer far larger is merged too: most of what it would hold is unused
        cumulation = DenseReadCumulator.INSTANCE.cumulate(ALLOC, cumulation, read(5_000, 65_536));
        try {
            assertThat(cumulation).isNotInstanceOf(CompositeByteBuf.class);
            assertThat(contents(cumulation)).isEqualTo(sent.toByteArray());
            assertThat(cumulation.capacity()).isLessThanOrEqualTo(4 * cumulation.readableBytes());
        } finally {
            cumulation.release();
        }
    }

    @Test
    void aSmallReadAfterLargeOnesKeepsEveryByteInOrder() {
        ByteBuf cumulation = Unpooled.EMPTY_BUFFER;
        for (int bytes : new int[] {65_536, 32_768, 12, 65_536, 4_096, 3, 65_536}) {
            int capacity = bytes >= DenseReadCumulator.DENSE_READ_BYTES ? bytes : 512;
            cumulation = DenseReadCumulator.INSTANCE.cumulate(ALLOC, cumulation, read(bytes, capacity));
            assertThat(contents(cumulation)).isEqualTo(sent.toByteArray());
        }
        cumulation.release();
    }

    @Test
    void alternatingLargeAndTinyReadsCopyAFewTimesWhatArrives() {
        AtomicLong allocated = new AtomicLong();
        ByteBufAllocator counting = new AbstractByteBufAllocator(false) {
            @Override
            protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
                allocated.addAndGet(initialCapacity);
                return new UnpooledHeapByteBuf(this, initialCapacity, maxCapacity);
            }

            @Override
            protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
                allocated.addAndGet(initialCapacity);
                return new UnpooledDirectByteBuf(this, initialCapacity, maxCapacity);
            }

            @Override
            public boolean isDirectBufferPooled() {
                return false;
            }
        };
        ByteBuf cumulation = Unpooled.EMPTY_BUFFER;
        for (int i = 0; i < 256; i++) { // a 2 MiB frame in 8 KiB reads, each followed by a 1-byte read
            cumulation = DenseReadCumulator.INSTANCE.cumulate(counting, cumulation, read(8_192, 8_192));
            cumulation = DenseReadCumulator.INSTANCE.cumulate(counting, cumulation, read(1, 64));
        }
        try {
            assertThat(contents(cumulation)).isEqualTo(sent.toByteArray());
            // merging the whole composite at every tiny read would allocate ~128 times what arrived
            assertThat(allocated.get()).isLessThanOrEqualTo(4L * sent.size());
        } finally {
            cumulation.release();
        }
    }

    @Test
    void denseMeansLargeAndMostlyFull() {
        assertThat(DenseReadCumulator.isDense(ALLOC.heapBuffer(65_536).writerIndex(65_536))).isTrue();
        assertThat(DenseReadCumulator.isDense(ALLOC.heapBuffer(8_192).writerIndex(4_096))).isTrue();
        assertThat(DenseReadCumulator.isDense(ALLOC.heapBuffer(65_536).writerIndex(32_767))).isFalse();
        assertThat(DenseReadCumulator.isDense(ALLOC.heapBuffer(4_095).writerIndex(4_095))).isFalse();
    }
}
