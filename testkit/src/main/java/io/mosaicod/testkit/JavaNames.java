package io.mosaicod.testkit;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds what a client must never read in a server's message: a Java package or class name (a qualified name, an
 * exception's or error's class, an Arrow Java vector class), which says how the server is built, not what the
 * client did wrong.
 */
public final class JavaNames {
    private static final Pattern JAVA_NAME = Pattern.compile(
            "\\b(?:java|javax|jdk|sun|org|io|com|net)\\.[a-z_][\\w$]*(?:\\.[\\w$]+)+"
                    + "|\\b[A-Z]\\w*(?:Exception|Error|Vector|Impl)\\b");

    private JavaNames() {
    }

    /** The first Java name in {@code message}, if it has one. */
    public static Optional<String> in(String message) {
        Matcher matcher = JAVA_NAME.matcher(message == null ? "" : message);
        return matcher.find() ? Optional.of(matcher.group()) : Optional.empty();
    }
}
