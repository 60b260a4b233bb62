package io.mosaicod.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Page buffers come from the shared pool and go back to it, so a stream of small chunks reuses them. */
@Tag("fast")
class GrowableBytesTest {

    /** A fleet's small uploads each open and release a few page buffers: the pool does not fill with them. */
    @Test
    void releasedBuffersAreReusedNotHeld() {
        long before = SlabPool.shared().pooledBytes();
        for (int i = 0; i < 20_000; i++) {
            GrowableBytes timestamps = new GrowableBytes(4096);
            GrowableBytes payloads = new GrowableBytes(4096);
            payloads.write(new byte[9_300], 0, 9_300); // grows past its first array, as a 9 KiB batch's page does
            timestamps.release();
            payloads.release();
        }
        assertThat(SlabPool.shared().pooledBytes() - before).isLessThanOrEqualTo(4 * 16_384);
    }

    @Test
    void aGrownBufferKeepsWhatWasWritten() {
        GrowableBytes bytes = new GrowableBytes(16);
        for (int i = 0; i < 10_000; i++) {
            bytes.write(i & 0xFF);
        }
        assertThat(bytes.size()).isEqualTo(10_000);
        for (int i = 0; i < 10_000; i++) {
            assertThat(bytes.array()[i]).isEqualTo((byte) i);
        }
        bytes.release();
    }
}
