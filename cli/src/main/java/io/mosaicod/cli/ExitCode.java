package io.mosaicod.cli;

/** The process exit codes of DESIGN.md §2. */
public final class ExitCode {
    public static final int OK = 0;
    /** A fatal runtime error (also: a subcommand that is not implemented yet). */
    public static final int FATAL = 1;
    /** Bad usage or configuration: one line on stderr, no stack trace. */
    public static final int USAGE = 2;
    /** A one-shot store-optimizer pass in which some topics failed (they are retried by the next pass). */
    public static final int TOPICS_FAILED = 3;

    private ExitCode() {
    }
}
