package io.mosaicod.read;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** Pools of daemon threads for work ahead of a reader, named {@code <kind>-<pool>-<thread>} for thread dumps. */
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
}
