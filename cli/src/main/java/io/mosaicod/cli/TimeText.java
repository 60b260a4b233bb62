package io.mosaicod.cli;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Times as {@code ps} shows them: relative to the database clock ({@code 3m 05s ago}, {@code in 40s}), and in
 * verbose mode followed by the absolute UTC time.
 */
final class TimeText {
    private final Instant now;
    private final boolean absolute;

    TimeText(Instant now, boolean absolute) {
        this.now = now;
        this.absolute = absolute;
    }

    /** {@code 12s ago}, or {@code in 12s} for a time still ahead (an expiry). */
    String relative(Instant time) {
        Duration offset = Duration.between(time, now);
        String text = offset.isNegative() ? "in " + span(offset.negated()) : span(offset) + " ago";
        return absolute ? text + " (" + absolute(time) + ")" : text;
    }

    /** How long since {@code since}, e.g. an uptime. */
    String elapsedSince(Instant since) {
        return span(Duration.between(since, now));
    }

    static String absolute(Instant time) {
        return time.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** The two largest units: {@code 45s}, {@code 3m 05s}, {@code 2h 03m}, {@code 4d 01h}. */
    static String span(Duration duration) {
        long seconds = Math.max(0, duration.toSeconds());
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return String.format("%dm %02ds", seconds / 60, seconds % 60);
        }
        if (seconds < 86_400) {
            return String.format("%dh %02dm", seconds / 3600, seconds % 3600 / 60);
        }
        return String.format("%dd %02dh", seconds / 86_400, seconds % 86_400 / 3600);
    }
}
