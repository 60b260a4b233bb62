package io.mosaicod.cli;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;

/**
 * When a new API key expires, from {@code --expires-in} (an ISO-8601 period, {@code P1Y2M3D}, {@code P90D},
 * {@code PT12H}, {@code P1DT12H}) or {@code --expires-at} (an ISO-8601 time with its offset,
 * {@code 2026-03-27T12:20:00Z}); neither: never.
 */
final class KeyExpiry {
    static final CommandSpec.Option EXPIRES_IN = CommandSpec.Option.valued("--expires-in", "PERIOD",
            "The key expires this long after its creation: an ISO-8601 period, e.g. P90D, P1Y2M3D, PT12H. Default:"
                    + " never.");
    static final CommandSpec.Option EXPIRES_AT = CommandSpec.Option.valued("--expires-at", "TIME",
            "The key expires at this ISO-8601 time, e.g. 2026-03-27T12:20:00Z. Default: never.");

    private KeyExpiry() {
    }

    /**
     * The expiry the options ask for, counted from {@code now} (the repository's clock).
     *
     * @throws UsageException for both options, a value that does not parse, or a time not after {@code now}
     */
    static Optional<Instant> of(CommandArguments arguments, Instant now) {
        Optional<String> in = arguments.value(EXPIRES_IN.key());
        Optional<String> at = arguments.value(EXPIRES_AT.key());
        if (in.isPresent() && at.isPresent()) {
            throw new UsageException("give --expires-in or --expires-at, not both");
        }
        Optional<Instant> expiry = in.map(period -> after(now, period)).or(() -> at.map(KeyExpiry::time));
        expiry.filter(time -> !time.isAfter(now)).ifPresent(time -> {
            throw new UsageException("the key would expire at " + time + ", which is not after now (" + now
                    + " by the repository's clock)");
        });
        return expiry;
    }

    /** {@code now} plus the period's dates (calendar months and years, in UTC) and time. */
    private static Instant after(Instant now, String period) {
        String text = period.strip().toUpperCase(Locale.ROOT);
        int time = text.indexOf('T');
        try {
            Period dates = time == 1 ? Period.ZERO : Period.parse(time < 0 ? text : text.substring(0, time));
            Duration clock = time < 0 ? Duration.ZERO : Duration.parse("P" + text.substring(time));
            return now.atOffset(ZoneOffset.UTC).plus(dates).toInstant().plus(clock);
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new UsageException("invalid value '" + period + "' for --expires-in: expected an ISO-8601 period"
                    + " such as P90D, P1Y2M3D, PT12H or P1DT12H");
        } catch (DateTimeException e) { // parsed, but past the last instant a time can hold
            throw new UsageException("invalid value '" + period + "' for --expires-in: too far in the future");
        }
    }

    private static Instant time(String text) {
        try {
            return OffsetDateTime.parse(text.strip()).toInstant();
        } catch (DateTimeParseException e) {
            throw new UsageException("invalid value '" + text + "' for --expires-at: expected an ISO-8601 time with"
                    + " its offset, such as 2026-03-27T12:20:00Z");
        }
    }
}
