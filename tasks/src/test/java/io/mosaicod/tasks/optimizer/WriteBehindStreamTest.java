package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.testkit.TestSeed;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

@Tag("fast")
class WriteBehindStreamTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    @Test
    void everyByteReachesTheTargetInOrderWhateverTheWriteSizes() throws IOException {
        Random random = new Random(SEED.value());
        byte[] data = new byte[3_000_000];
        random.nextBytes(data);
        ByteArrayOutputStream target = new ByteArrayOutputStream();
        WriteBehindStream stream = new WriteBehindStream(target, "test", WriteBehindStream.buffers(64 << 10, 3));
        int at = 0;
        while (at < data.length) {
            int n = Math.min(data.length - at, random.nextInt(3) == 0 ? 1 : random.nextInt(300_000));
            if (n == 1) {
                stream.write(data[at]);
            } else {
                stream.write(data, at, n);
            }
            at += n;
        }
        stream.drain();
        assertThat(target.toByteArray()).isEqualTo(data);
    }

    @Test
    void streamsOpenedInTurnShareTheirBuffersAndEachGetsItsOwnBytes() throws IOException {
        List<byte[]> buffers = WriteBehindStream.buffers(1000, 2);
        List<byte[]> expected = new ArrayList<>();
        List<ByteArrayOutputStream> targets = new ArrayList<>();
        for (int chunk = 0; chunk < 3; chunk++) {
            byte[] data = new byte[4321 + chunk];
            java.util.Arrays.fill(data, (byte) chunk);
            ByteArrayOutputStream target = new ByteArrayOutputStream();
            WriteBehindStream stream = new WriteBehindStream(target, "chunk " + chunk, buffers);
            stream.write(data, 0, data.length);
            stream.drain();
            expected.add(data);
            targets.add(target);
        }
        for (int chunk = 0; chunk < 3; chunk++) {
            assertThat(targets.get(chunk).toByteArray()).isEqualTo(expected.get(chunk));
        }
    }

    @Test
    void aFailingTargetFailsTheWriterWithItsMessage() {
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        WriteBehindStream stream = new WriteBehindStream(broken, "test", WriteBehindStream.buffers(1024, 2));
        assertThatThrownBy(() -> {
            for (int i = 0; i < 100; i++) {
                stream.write(new byte[1000], 0, 1000);
            }
            stream.drain();
        }).isInstanceOf(IOException.class).hasMessageContaining("No space left on device");
    }

    @Test
    void abandoningStopsAWriterBlockedInTheTarget() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        OutputStream stuck = new OutputStream() {
            @Override
            public void write(int b) {
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                entered.countDown();
                try {
                    new CountDownLatch(1).await(); // until interrupted
                } catch (InterruptedException e) {
                    throw new java.io.InterruptedIOException();
                }
            }
        };
        WriteBehindStream stream = new WriteBehindStream(stuck, "test", WriteBehindStream.buffers(16, 2));
        stream.write(new byte[20], 0, 20);
        entered.await();
        stream.abandon(); // returns: the thread stopped
        assertThatThrownBy(stream::drain).isInstanceOf(IOException.class);
    }

    @Test
    @Timeout(60)
    void abandoningOnAnInterruptedThreadWaitsUntilTheWriterHasLeftTheTarget() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean targetLeft = new AtomicBoolean();
        OutputStream slow = new OutputStream() {
            @Override
            public void write(int b) {
            }

            @Override
            public void write(byte[] b, int off, int len) {
                entered.countDown();
                boolean done = false;
                while (!done) { // a write that does not give way to interrupts, as a store's may not
                    try {
                        release.await();
                        done = true;
                    } catch (InterruptedException ignored) {
                        // keeps writing
                    }
                }
                targetLeft.set(true);
            }
        };
        WriteBehindStream stream = new WriteBehindStream(slow, "test", WriteBehindStream.buffers(16, 2));
        stream.write(new byte[20], 0, 20);
        entered.await();
        Thread abandoning = Thread.currentThread();
        Thread releaser = new Thread(() -> {
            while (abandoning.getState() != Thread.State.WAITING) { // blocked in abandon, waiting for the writer
                Thread.onSpinWait();
            }
            release.countDown();
        });
        releaser.start();
        try {
            abandoning.interrupt();
            stream.abandon();
            assertThat(targetLeft).as("the writer had left the target when abandon returned").isTrue();
            assertThat(Thread.interrupted()).as("the caller's interrupt is kept").isTrue();
        } finally {
            Thread.interrupted();
            release.countDown();
            releaser.join();
        }
    }
}
