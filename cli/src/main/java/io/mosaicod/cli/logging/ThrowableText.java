package io.mosaicod.cli.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;

/**
 * How a log line shows the failure it carries. mosaicod's own lines keep their stack trace: they report a bug, and
 * its trace is what fixes it. A library's warning (gRPC refusing a client's oversized message, a name that does not
 * resolve) reports something the operator cannot act on with a trace, and its 30-odd lines would bury the log: it
 * gets its failures' own words on its one line, and the trace only with {@code --log-level debug}.
 */
final class ThrowableText {
    private static final String OWN_LOGGERS = "io.mosaicod.";

    private final boolean libraryTraces;

    /** @param libraryTraces whether libraries' lines keep their stack traces too (at debug) */
    ThrowableText(boolean libraryTraces) {
        this.libraryTraces = libraryTraces;
    }

    /** Whether the event's failure is shown as a stack trace after its line, rather than in its line. */
    boolean asTrace(ILoggingEvent event) {
        return libraryTraces || event.getLoggerName().startsWith(OWN_LOGGERS);
    }

    /** The event's stack trace. */
    static String trace(ILoggingEvent event) {
        return ThrowableProxyUtil.asString(event.getThrowableProxy());
    }

    /** What the event's failure and its causes say, in one line, without their class names. */
    static String words(ILoggingEvent event) {
        StringBuilder words = new StringBuilder();
        for (IThrowableProxy failure = event.getThrowableProxy(); failure != null; failure = failure.getCause()) {
            String message = failure.getMessage();
            if (message != null && !message.isBlank() && words.indexOf(message) < 0) {
                words.append(words.length() == 0 ? "" : ": ").append(message);
            }
        }
        return words.toString();
    }
}
