package io.mosaicod.cli;

import io.mosaicod.db.RunVolume;
import io.mosaicod.tasks.optimizer.ProgressListener;
import java.io.PrintStream;
import java.util.Locale;

/**
 * One self-overwriting line on the terminal for the topic being rewritten: how much of its input is done
 * and at what rate. Drawn at most every 250 ms, and only when stderr is a terminal (logs to files or
 * pipes stay clean).
 */
final class TerminalProgress implements ProgressListener {
    private static final long REDRAW_NANOS = 250_000_000L;

    private final PrintStream out;
    private String topic;
    private long startedNanos;
    private long drawnNanos;

    TerminalProgress(PrintStream out) {
        this.out = out;
    }

    /** A progress line on stderr if it is a terminal, else nothing. */
    static ProgressListener forStderr() {
        return System.console() != null ? new TerminalProgress(System.err) : ProgressListener.NONE;
    }

    @Override
    public void rewriting(String topicLocator, long rowsDone, RunVolume in) {
        long now = System.nanoTime();
        if (!topicLocator.equals(topic)) {
            topic = topicLocator;
            startedNanos = now;
        }
        boolean done = rowsDone >= in.rows();
        if (!done && now - drawnNanos < REDRAW_NANOS) {
            return;
        }
        drawnNanos = now;
        if (done) {
            out.print("\r\033[K");
            out.flush();
            return;
        }
        double fraction = in.rows() == 0 ? 1 : (double) rowsDone / in.rows();
        double seconds = Math.max(1e-3, (now - startedNanos) / 1e9);
        double bytesDone = fraction * in.bytes();
        out.printf(Locale.ROOT, "\r\033[Koptimizing %s: %3.0f%% (%s of %s) %s/s", topicLocator, fraction * 100,
                megabytes(bytesDone), megabytes(in.bytes()), megabytes(bytesDone / seconds));
        out.flush();
    }

    private static String megabytes(double bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }
}
