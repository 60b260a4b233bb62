package io.mosaicod.testkit;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waiting for a condition that another process or thread brings about and that nothing signals. */
public final class Await {
    private static final long POLL_MILLIS = 20;

    private Await() {
    }

    /**
     * Returns once {@code condition} holds, checking it every few milliseconds.
     *
     * @throws AssertionError if it does not hold within {@code timeout}
     */
    public static void until(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("still waiting for " + what + " after " + timeout);
            }
            Thread.sleep(POLL_MILLIS);
        }
    }
}
