package io.mosaicod.db;

import java.util.Objects;
import java.util.Optional;

/**
 * What an optimizer reports about one attempt. The topic, instance and start come from the lease; the
 * end is the database time at which the report is recorded.
 */
public record RunReport(RunOutcome outcome, Optional<String> error, RunVolume in, RunVolume out) {
    public RunReport {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(error, "error");
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
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
