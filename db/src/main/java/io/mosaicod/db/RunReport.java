package io.mosaicod.db;

import java.util.Objects;
import java.util.Optional;

/**
 * What an optimizer reports about one attempt. The topic, instance and start come from the lease; the
 * end is the database time at which the report is recorded.
 */
public record RunReport(RunOutcome outcome, Optional<String> error, RunVolume in, RunVolume out) {
    /**
     * The error as recorded: a NUL character (a failure can quote a damaged chunk's bytes) becomes U+FFFD, since
     * PostgreSQL refuses NUL in text, and a run that cannot be recorded leaves its topic leased until the lease
     * expires.
     */
    public RunReport {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(error, "error");
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        error = error.map(text -> text.replace('\u0000', '\uFFFD'));
    }

    public static RunReport succeeded(RunVolume in, RunVolume out) {
        return new RunReport(RunOutcome.SUCCEEDED, Optional.empty(), in, out);
    }

    public static RunReport alreadyOptimal(RunVolume in) {
        return new RunReport(RunOutcome.ALREADY_OPTIMAL, Optional.empty(), in, in);
    }

    public static RunReport failed(RunOutcome outcome, String error, RunVolume in) {
        return new RunReport(outcome, Optional.of(error), in, RunVolume.NONE);
    }
}
