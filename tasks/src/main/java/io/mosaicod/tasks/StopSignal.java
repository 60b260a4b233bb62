package io.mosaicod.tasks;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Set once when the process is asked to stop (SIGINT/SIGTERM). Long work polls {@link #isRequested()}
 * at safe points; loops sleep with {@link #sleep} so a stop ends the wait at once.
 */
public final class StopSignal {
    private final CountDownLatch requested = new CountDownLatch(1);

    public void request() {
        requested.countDown();
    }

    public boolean isRequested() {
        return requested.getCount() == 0;
    }

    /** Throws {@link StopRequestedException} if a stop was requested. */
    public void check() {
        if (isRequested()) {
            throw new StopRequestedException();
        }
    }

    /**
     * Waits up to {@code seconds}, returning early when a stop is requested.
     *
     * @return true if the wait ended because of a stop
     */
    public boolean sleep(long seconds) throws InterruptedException {
        return requested.await(seconds, TimeUnit.SECONDS);
    }

    /** Thrown from a safe point when the process is stopping. */
    public static final class StopRequestedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StopRequestedException() {
            super("stop requested", null, false, false);
        }
    }
}
