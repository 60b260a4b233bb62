package io.mosaicod.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.PoolArenaMetric;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocatorMetric;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class PooledArrowMemoryTest {
    private static PooledByteBufAllocatorMetric metric() {
        return ((PooledByteBufAllocator) PooledArrowMemory.pool()).metric();
    }

    private static long hugeAllocations() {
        return metric().directArenas().stream().mapToLong(PoolArenaMetric::numHugeAllocations).sum();
    }

    private static long liveAllocations() {
        return metric().directArenas().stream().mapToLong(PoolArenaMetric::numActiveAllocations).sum();
    }

    private static long normalAllocations() {
        return metric().directArenas().stream().mapToLong(PoolArenaMetric::numNormalAllocations).sum();
    }

    @Test
    void batchSizedBuffersComeFromTheChunksOfThePool() {
        PooledArrowMemory.dropKept(); // else the 12 MiB buffer may be one kept from another test
        long huge = hugeAllocations();
        long normal = normalAllocations();
        try (BufferAllocator root = PooledArrowMemory.rootAllocator(Long.MAX_VALUE)) {
            for (int mebibytes : new int[] {3, 6, 12}) {
                try (ArrowBuf buffer = root.buffer((long) mebibytes << 20)) {
                    buffer.setLong(buffer.capacity() - Long.BYTES, mebibytes); // the whole range is addressable
                    assertThat(buffer.getLong(buffer.capacity() - Long.BYTES)).isEqualTo(mebibytes);
                }
            }
        }
        // Netty's default 4 MiB chunks would have made the 6 and 12 MiB buffers (rounded to 8 and 16) huge ones
        assertThat(hugeAllocations()).isEqualTo(huge);
        assertThat(normalAllocations() - normal).isEqualTo(3);
    }

    @Test
    void aFreedBufferOfAChunkOfItsOwnIsKeptForTheNextOneOfItsSize() {
        PooledArrowMemory.dropKept();
        long normal = normalAllocations();
        try (BufferAllocator root = PooledArrowMemory.rootAllocator(Long.MAX_VALUE)) {
            for (int batch = 0; batch < 3; batch++) {
                try (ArrowBuf body = root.buffer(10L << 20)) { // rounded up to 16 MiB: a chunk of its own
                    body.setLong(body.capacity() - Long.BYTES, batch);
                }
            }
            assertThat(normalAllocations() - normal).as("one chunk taken, then reused").isEqualTo(1);
            assertThat(PooledArrowMemory.keptBytes()).isEqualTo(16L << 20);

            List<ArrowBuf> inFlight = new ArrayList<>();
            for (int batch = 0; batch < 6; batch++) {
                inFlight.add(root.buffer(10L << 20));
            }
            assertThat(PooledArrowMemory.keptBytes()).isZero();
            long live = liveAllocations();
            inFlight.forEach(ArrowBuf::close);
            assertThat(PooledArrowMemory.keptBytes()).isEqualTo(PooledArrowMemory.KEPT_BYTES_MAX);
            assertThat(live - liveAllocations()).as("what is over the cap goes back to the pool").isEqualTo(2);

            PooledArrowMemory.dropKept();
            try (ArrowBuf half = root.buffer(8L << 20)) { // half a chunk: shares one, nothing to keep
                half.setLong(0, 1);
            }
            try (ArrowBuf odd = root.buffer(20L << 20)) { // over a chunk, at any size: would sit in the cap
                odd.setLong(0, 1);
            }
            assertThat(PooledArrowMemory.keptBytes()).isZero();
        }
    }

    @Test
    void memoryGoesBackToThePoolOnceEveryAllocatorHoldingItLetsGo() {
        long before = liveAllocations();
        try (BufferAllocator root = PooledArrowMemory.rootAllocator(64L << 20);
             BufferAllocator reader = root.newChildAllocator("reader", 0, Long.MAX_VALUE);
             BufferAllocator sender = root.newChildAllocator("sender", 0, Long.MAX_VALUE)) {
            ArrowBuf decoded = reader.buffer(5L << 20);
            ArrowBuf sent = decoded.getReferenceManager().transferOwnership(decoded, sender).getTransferredBuffer();
            decoded.close();
            assertThat(reader.getAllocatedMemory()).isZero();
            assertThat(sender.getAllocatedMemory()).isEqualTo(8L << 20); // rounded up to a power of two
            assertThat(liveAllocations()).as("the transferred buffer is still the one allocation").isEqualTo(before + 1);
            sent.close();
            assertThat(sender.getAllocatedMemory()).isZero();
        }
        assertThat(liveAllocations()).isEqualTo(before);
    }
}
