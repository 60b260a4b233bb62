package io.mosaicod.cli.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.encoder.EncoderBase;
import java.nio.charset.StandardCharsets;
import org.slf4j.event.KeyValuePair;

/**
 * One JSON object per line: {@code ts}, {@code level}, {@code logger}, {@code msg}, then every key/value pair
 * given through SLF4J's fluent {@code addKeyValue} as a field of its own (numbers and booleans unquoted), and
 * {@code error} with the failure when there is one ({@link ThrowableText}: a stack trace, or a library's words).
 */
final class JsonEncoder extends EncoderBase<ILoggingEvent> {
    private final ThrowableText failures;

    JsonEncoder(ThrowableText failures) {
        this.failures = failures;
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        StringBuilder json = new StringBuilder(160);
        json.append("{\"ts\":\"").append(event.getInstant()).append('"');
        field(json, "level", event.getLevel().toString());
        field(json, "logger", event.getLoggerName());
        field(json, "msg", LogSetup.cut(event.getFormattedMessage()));
        if (event.getKeyValuePairs() != null) {
            for (KeyValuePair pair : event.getKeyValuePairs()) {
                json.append(',');
                string(json, pair.key);
                json.append(':');
                value(json, pair.value);
            }
        }
        if (event.getThrowableProxy() != null) {
            field(json, "error", failures.asTrace(event) ? ThrowableText.trace(event) : ThrowableText.words(event));
        }
        json.append('}').append('\n');
        return json.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void field(StringBuilder json, String name, String value) {
        json.append(',');
        string(json, name);
        json.append(':');
        string(json, value);
    }

    private static void value(StringBuilder json, Object value) {
        if (value == null) {
            json.append("null");
        } else if (value instanceof Boolean
                || value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte
                || (value instanceof Double d && Double.isFinite(d)) || (value instanceof Float f && Float.isFinite(f))) {
            json.append(value);
        } else {
            string(json, String.valueOf(value));
        }
    }

    static void string(StringBuilder json, String s) {
        json.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                default -> {
                    if (c < 0x20) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        json.append('"');
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
