package io.mosaicod.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Stopping work ahead of a reader: the caller frees what the work uses once the wait returns. */
@Tag("fast")
class BackgroundThreadsTest {

    @Test
    @Timeout(60)
    void anInterruptedCallerStillWaitsForThePoolsWorkToEnd() throws Exception {
        ExecutorService pool = BackgroundThreads.fixedPool("test", 1);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean workEnded = new AtomicBoolean();
        pool.execute(() -> {
            started.countDown();
            boolean done = false;
            while (!done) { // work that does not give way to interrupts, as a store call may not
                try {
                    release.await();
                    done = true;
                } catch (InterruptedException ignored) {
                    // goes on
                }
            }
            workEnded.set(true);
        });
        started.await();
        Thread caller = Thread.currentThread();
        Thread releaser = new Thread(() -> {
            while (caller.getState() != Thread.State.TIMED_WAITING) { // the caller waits for the pool
                Thread.onSpinWait();
            }
            release.countDown();
        });
        releaser.start();
        try {
            caller.interrupt();
            boolean ended = BackgroundThreads.stopAndAwait(pool, Duration.ofMinutes(1));
            assertThat(workEnded).as("the work had ended when the wait returned").isTrue();
            assertThat(ended).isTrue();
            assertThat(Thread.interrupted()).as("the caller's interrupt is kept").isTrue();
        } finally {
            Thread.interrupted();
            release.countDown();
            releaser.join();
        }
    }

    @Test
    void workThatOutlastsTheLimitIsReported() throws Exception {
        ExecutorService pool = BackgroundThreads.fixedPool("test", 1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        pool.execute(() -> {
            started.countDown();
            while (release.getCount() > 0) {
                try {
                    release.await();
                } catch (InterruptedException ignored) {
                    // goes on
                }
            }
        });
        started.await();
        try {
            assertThat(BackgroundThreads.stopAndAwait(pool, Duration.ofMillis(50))).isFalse();
        } finally {
            release.countDown();
        }
    }
}
