package io.mosaicod.core;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a part the process depends on (the repository, the store) answers, as its own failures tell. During an
 * outage every request fails; an operator needs to read that the part went away and when it came back — two
 * lines — not a stack trace per request. So the first failure that says the part is unreachable logs one line and
 * starts a probe, later failures are quiet, and the probe, retried every interval on a thread of its own, logs one
 * line when the part answers again.
 */
public final class Availability {
    private static final Logger LOG = LoggerFactory.getLogger(Availability.class);

    private final String part;
    private final Probe probe;
    private final Duration interval;
    private final AtomicBoolean down = new AtomicBoolean();
    private volatile long downSinceNanos;
    private volatile boolean closed;
    private volatile Thread prober;

    /** Marks the failures that show a part unreachable (an outage), as opposed to refusals and bugs. */
    public interface Unreachable {
    }

    /** The failure behind {@code error} that shows a part unreachable, if any: callers log it as part of an outage. */
    public static Optional<Throwable> outageBehind(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof Unreachable) {
                return Optional.of(cause);
            }
        }
        return Optional.empty();
    }

    /** An operation that succeeds only when the part answers. */
    @FunctionalInterface
    public interface Probe {
        void check() throws Exception;
    }

    /**
     * @param part     names the part in log lines, e.g. {@code the repository at jdbc:postgresql://db/m}
     * @param probe    the cheapest call that proves the part answers
     * @param interval how often the probe is retried while the part is down
     */
    public Availability(String part, Probe probe, Duration interval) {
        this.part = Objects.requireNonNull(part, "part");
        this.probe = Objects.requireNonNull(probe, "probe");
        this.interval = Objects.requireNonNull(interval, "interval");
    }

    /** Records a failure that shows the part unreachable; only the first of an outage is logged. */
    public void lost(Throwable cause) {
        lost(cause, System.nanoTime());
    }

    /**
     * The same, for a failure that took a while to show: a request that waited for the part (a connection pool's
     * wait of many seconds) failed at last, so the outage began no later than when it started waiting,
     * {@code failingSinceNanos} on {@link System#nanoTime()}'s clock. The log gives that start and measures the
     * outage's length from it.
     */
    public void lost(Throwable cause, long failingSinceNanos) {
        if (closed) {
            LOG.debug("{} failed after it was closed: {}", part, FailureText.of(cause));
        } else if (down.compareAndSet(false, true)) {
            downSinceNanos = failingSinceNanos;
            long secondsAgo = Duration.ofNanos(System.nanoTime() - failingSinceNanos).toSeconds();
            LOG.warn("{} is unavailable{}: {}; requests that need it fail until it is back", part,
                    secondsAgo < 1 ? "" : " since " + Instant.now().minusSeconds(secondsAgo).truncatedTo(
                            ChronoUnit.SECONDS) + " (" + secondsAgo + " s ago)", FailureText.of(cause));
            Thread started = new Thread(this::probeUntilBack, "availability-probe");
            started.setDaemon(true);
            prober = started;
            started.start();
            if (closed) { // closed meanwhile: close() may have looked for the probe before it was there
                started.interrupt();
            }
        } else {
            LOG.debug("{} is still unavailable: {}", part, FailureText.of(cause));
        }
    }

    public boolean isDown() {
        return down.get();
    }

    /**
     * Stops probing: the part's owner has closed it, so a probe would only fail on a closed client, once an interval,
     * for as long as the process lives.
     */
    public void close() {
        closed = true;
        Thread running = prober;
        if (running != null) {
            running.interrupt();
        }
    }

    private void probeUntilBack() {
        while (down.get() && !closed) {
            try {
                Thread.sleep(interval.toMillis());
                probe.check();
                if (down.compareAndSet(true, false)) {
                    LOG.info("{} is available again, after {} s", part,
                            Duration.ofNanos(System.nanoTime() - downSinceNanos).toSeconds());
                }
            } catch (InterruptedException e) {
                return;
            } catch (Exception stillDown) {
                LOG.debug("{} does not answer yet: {}", part, FailureText.of(stillDown));
            }
        }
    }
}
