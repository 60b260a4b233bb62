package io.mosaicod.core;

/**
 * Client-supplied text as error messages and log lines quote it: at most {@value #MAX_QUOTED_CHARS} characters,
 * control characters escaped. An error status whose message grows with the client's input breaks past ~8 KiB
 * (gRPC sends it in a header), and a raw newline in a log line forges a line of its own.
 */
public final class ClientText {
    /** How much of a client's string a message quotes. */
    public static final int MAX_QUOTED_CHARS = 200;

    private ClientText() {
    }

    /** {@code text} escaped, cut to {@value #MAX_QUOTED_CHARS} characters with a note of how long it was. */
    public static String quote(String text) {
        return quote(text, MAX_QUOTED_CHARS);
    }

    /** A locator, name or uuid as a client gave it, quoted as its text is: a valid locator may run to 1,024 characters. */
    public static String quote(Object value) {
        return quote(value == null ? null : value.toString());
    }

    /** {@code text} escaped, cut to {@code maxChars} characters with a note of how long it was. */
    public static String quote(String text, int maxChars) {
        if (text == null) {
            return "null";
        }
        int shown = Math.min(text.length(), maxChars);
        if (shown > 0 && Character.isHighSurrogate(text.charAt(shown - 1))) {
            shown--;
        }
        StringBuilder quoted = new StringBuilder(shown + 32);
        for (int i = 0; i < shown; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                case '\\' -> quoted.append("\\\\");
                default -> {
                    if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                        quoted.append(String.format("\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        if (shown < text.length()) {
            quoted.append("… (").append(text.length()).append(" characters)");
        }
        return quoted.toString();
    }
}
