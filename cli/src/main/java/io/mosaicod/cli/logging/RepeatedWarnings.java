package io.mosaicod.cli.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.slf4j.Marker;

/**
 * Limits how often one warning or error repeats: a client that provokes the same warning thousands of times
 * (refused connections, failing requests) must not flood the log. Lines are told apart by logger and message
 * pattern, so one repeated warning does not silence others. Each may appear {@link #perWindow} times a window;
 * the first line past a window that suppressed some is preceded by a line counting them.
 */
final class RepeatedWarnings extends TurboFilter {
    /** More distinct warnings than this, and the counts start over (a bound, not an expected number). */
    private static final int MAX_TRACKED = 10_000;

    private final int perWindow;
    private final long windowNanos;
    private final LongSupplier nanoTime;
    private final Map<Key, Window> windows = new ConcurrentHashMap<>();
    private final ThreadLocal<Boolean> reporting = ThreadLocal.withInitial(() -> false);

    RepeatedWarnings(int perWindow, long windowNanos, LongSupplier nanoTime) {
        this.perWindow = perWindow;
        this.windowNanos = windowNanos;
        this.nanoTime = nanoTime;
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
                              Throwable t) {
        if (level == null || !level.isGreaterOrEqual(Level.WARN) || format == null || reporting.get()) {
            return FilterReply.NEUTRAL;
        }
        if (windows.size() > MAX_TRACKED) {
            windows.clear();
        }
        Window window = windows.computeIfAbsent(new Key(logger.getName(), format), key -> new Window());
        long suppressed;
        synchronized (window) {
            long now = nanoTime.getAsLong();
            if (window.count > 0 && now - window.start < windowNanos) {
                if (window.count >= perWindow) {
                    window.suppressed++;
                    return FilterReply.DENY;
                }
                window.count++;
                return FilterReply.NEUTRAL;
            }
            suppressed = window.suppressed;
            window.start = now;
            window.count = 1;
            window.suppressed = 0;
        }
        if (suppressed > 0) {
            report(logger, level, format, suppressed);
        }
        return FilterReply.NEUTRAL;
    }

    private void report(Logger logger, Level level, String format, long suppressed) {
        reporting.set(true);
        try {
            String message = "{} more lines like \"{}\" were not logged (at most {} every {} s)";
            Object[] args = {suppressed, format, perWindow, windowNanos / 1_000_000_000L};
            if (level.isGreaterOrEqual(Level.ERROR)) {
                logger.error(message, args);
            } else {
                logger.warn(message, args);
            }
        } finally {
            reporting.set(false);
        }
    }

    private record Key(String logger, String format) {
    }

    private static final class Window {
        long start;
        int count;
        long suppressed;
    }
}
