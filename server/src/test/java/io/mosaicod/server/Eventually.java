package io.mosaicod.server;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a condition another thread or process makes true, failing after a deadline. */
final class Eventually {
    private Eventually() {
    }

    static void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting for " + what);
            }
            Thread.sleep(10); // polling interval, not a stand-in for the condition
        }
    }
}
