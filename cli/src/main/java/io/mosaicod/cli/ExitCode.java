package io.mosaicod.cli;

/** The process exit codes of DESIGN.md §2. */
public final class ExitCode {
    public static final int OK = 0;
    /** A fatal runtime error (the demo also exits 1 if a topic changed or failed to optimize). */
    public static final int FATAL = 1;
    /** Bad usage or configuration: one line on stderr, no stack trace. */
    public static final int USAGE = 2;
    /**
     * A one-shot pass that finished but failed on some items: topics the store optimizer could not optimize,
     * or folders the cleanup could not handle. The next pass retries them.
     */
    public static final int ITEMS_FAILED = 3;

    private ExitCode() {
    }
}
