package io.mosaicod.cli.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.encoder.EncoderBase;
import io.mosaicod.core.ClientText;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import org.slf4j.event.KeyValuePair;

/**
 * Human-readable lines: {@code time LEVEL logger message key=value ...}. The pretty form shortens time and
 * logger names and colours the level on a terminal; the plain form keeps ISO timestamps and full names. A
 * message is one line whatever it quotes: control characters are escaped (a client's newline cannot forge a
 * line of its own) and it is cut to {@value LogSetup#MAX_MESSAGE_CHARS} characters.
 */
final class TextEncoder extends EncoderBase<ILoggingEvent> {
    private static final DateTimeFormatter SHORT_TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS")
            .withZone(ZoneId.systemDefault());
    private static final String RESET = "\u001b[0m";

    private final boolean pretty;
    private final boolean colour;
    private final ThrowableText failures;

    TextEncoder(boolean pretty, boolean colour, ThrowableText failures) {
        this.pretty = pretty;
        this.colour = colour;
        this.failures = failures;
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        StringBuilder line = new StringBuilder(128);
        line.append(pretty ? SHORT_TIME.format(event.getInstant()) : event.getInstant().toString()).append(' ');
        String level = String.format("%-5s", event.getLevel());
        if (colour) {
            line.append(colourOf(event.getLevel())).append(level).append(RESET);
        } else {
            line.append(level);
        }
        String logger = event.getLoggerName();
        boolean trace = event.getThrowableProxy() != null && failures.asTrace(event);
        String message = event.getThrowableProxy() == null || trace ? event.getFormattedMessage()
                : event.getFormattedMessage() + " (" + ThrowableText.words(event) + ")";
        line.append(' ').append(pretty ? logger.substring(logger.lastIndexOf('.') + 1) : logger).append(": ")
                .append(ClientText.quote(message, LogSetup.MAX_MESSAGE_CHARS));
        if (event.getKeyValuePairs() != null) {
            for (KeyValuePair pair : event.getKeyValuePairs()) {
                line.append(' ').append(pair.key).append('=').append(pair.value);
            }
        }
        line.append(System.lineSeparator());
        if (trace) {
            line.append(ThrowableText.trace(event)).append(System.lineSeparator());
        }
        return line.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String colourOf(Level level) {
        return switch (level.toInt()) {
            case Level.ERROR_INT -> "\u001b[31m";
            case Level.WARN_INT -> "\u001b[33m";
            case Level.INFO_INT -> "\u001b[32m";
            default -> "\u001b[2m";
        };
    }

    @Override
    public byte[] headerBytes() {
        return null;
    }

    @Override
    public byte[] footerBytes() {
        return null;
    }
}
