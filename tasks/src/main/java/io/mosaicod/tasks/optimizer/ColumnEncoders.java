package io.mosaicod.tasks.optimizer;

import io.mosaicod.read.BackgroundThreads;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;

/** The threads a rewrite encodes its new chunks' columns on, stopped when the rewrite ends. */
final class ColumnEncoders implements AutoCloseable {
    private final ExecutorService threads;

    ColumnEncoders(int threads) {
        this.threads = BackgroundThreads.fixedPool("column-encode", threads);
    }

    Executor executor() {
        return threads;
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
