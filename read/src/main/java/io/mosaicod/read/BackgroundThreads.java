package io.mosaicod.read;

import io.mosaicod.core.Failures;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Pools of daemon threads for work ahead of a reader, named {@code <kind>-<pool>-<thread>} for thread dumps, and
 * waiting for that work.
 */
public final class BackgroundThreads {
    private static final AtomicInteger POOLS = new AtomicInteger();

    private BackgroundThreads() {
    }

    /** A fixed pool of {@code threads} daemon threads, which never keep the process alive. */
    public static ExecutorService fixedPool(String kind, int threads) {
        int pool = POOLS.incrementAndGet();
        AtomicInteger thread = new AtomicInteger();
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, kind + "-" + pool + "-" + thread.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Interrupts the work of {@code pool} and waits until its threads have ended, however often the caller is
     * interrupted meanwhile (its interrupt is kept for it): the caller may then free what that work used.
     */
    public static void stopAndAwait(ExecutorService pool) {
        pool.shutdownNow();
        awaitUninterruptibly(() -> pool.awaitTermination(1, TimeUnit.MINUTES));
    }

    /**
     * The same, for work that may hang (a store call without a timeout): waits at most {@code limit}, however
     * often the caller is interrupted meanwhile; false if the work had not ended by then.
     */
    public static boolean stopAndAwait(ExecutorService pool, Duration limit) {
        pool.shutdownNow();
        long deadline = System.nanoTime() + limit.toNanos();
        awaitUninterruptibly(() -> pool.awaitTermination(Math.max(0, deadline - System.nanoTime()),
                TimeUnit.NANOSECONDS) || System.nanoTime() >= deadline);
        return pool.isTerminated();
    }

    /** The same for one thread of the caller's own: interrupts it and waits until it has ended. */
    public static void stopAndAwait(Thread thread) {
        thread.interrupt();
        awaitUninterruptibly(() -> {
            thread.join();
            return true;
        });
    }

    /** A wait that says whether what it waited for has happened. */
    @FunctionalInterface
    private interface Wait {
        boolean ended() throws InterruptedException;
    }

    private static void awaitUninterruptibly(Wait wait) {
        boolean interrupted = false;
        while (true) {
            try {
                if (wait.ended()) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The result of {@code work}, {@code what} (e.g. "decoding a batch ahead") failing as the work did: its
     * {@link IOException} (also from inside an {@link UncheckedIOException}), runtime exception or error as
     * thrown, anything else as an {@link IOException}; interruption and cancellation as I/O failures too.
     */
    public static <T> T await(Future<T> work, String what) throws IOException {
        try {
            return work.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while " + what);
        } catch (CancellationException e) {
            throw new IOException(what + " was cancelled");
        } catch (ExecutionException e) {
            throw Failures.rethrow(e.getCause(), what);
        }
    }
}
