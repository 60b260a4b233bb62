package io.mosaicod.core.config;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * How the text of a setting (flag, environment variable, file value) becomes a typed value, and what the
 * operator is told is accepted when it does not.
 */
public interface ValueType<T> {

    /** @throws IllegalArgumentException when {@code text} is not acceptable; its message is not shown */
    T parse(String text);

    /** Completes "expected ...", e.g. {@code a size in bytes >= 1 (e.g. 256000000 or 256MiB)}. */
    String expected();

    /** How a value is printed in documentation and help. */
    default String format(T value) {
        return String.valueOf(value);
    }

    /** How the operator's raw text may be quoted back in an error message: never a secret. */
    default String quote(String text) {
        return text;
    }

    /** A size in bytes in {@code [min, max]}; see {@link ByteSize} for the accepted units. */
    static ValueType<Long> bytes(long min, long max) {
        String range = max == Long.MAX_VALUE ? ">= " + min : "between " + min + " and " + max;
        return simple(text -> {
            long v = ByteSize.parse(text);
            if (v < min || v > max) {
                throw new IllegalArgumentException("out of range");
            }
            return v;
        }, "a size in bytes " + range + " (e.g. 256000000 or 256MiB)", ByteSize::describe);
    }

    /** A whole number of seconds >= {@code min}. */
    static ValueType<Duration> seconds(long min) {
        return simple(text -> {
            long v = integer(text);
            if (v < min) {
                throw new IllegalArgumentException("out of range");
            }
            return Duration.ofSeconds(v);
        }, "a whole number of seconds >= " + min, d -> Long.toString(d.toSeconds()));
    }

    static ValueType<Integer> integer(int min, int max) {
        return simple(text -> {
            long v = integer(text);
            if (v < min || v > max) {
                throw new IllegalArgumentException("out of range");
            }
            return (int) v;
        }, "an integer between " + min + " and " + max, String::valueOf);
    }

    static ValueType<Integer> port() {
        ValueType<Integer> range = integer(0, 65535);
        return simple(range::parse, "a TCP port between 0 and 65535 (0 picks a free port)", String::valueOf);
    }

    /** Any non-blank text, kept as given. */
    static ValueType<String> text(String expected) {
        return simple(text -> {
            if (text.isBlank()) {
                throw new IllegalArgumentException("blank");
            }
            return text;
        }, expected, Function.identity());
    }

    /** A value of {@code pattern}, e.g. an S3 bucket name. */
    static ValueType<String> matching(Pattern pattern, String expected) {
        return simple(text -> {
            if (!pattern.matcher(text).matches()) {
                throw new IllegalArgumentException("no match");
            }
            return text;
        }, expected, Function.identity());
    }

    /** A file system path, not resolved yet (the loader resolves it against the working directory). */
    static ValueType<Path> path() {
        return simple(text -> {
            if (text.isBlank()) {
                throw new IllegalArgumentException("blank");
            }
            try {
                return Path.of(text);
            } catch (InvalidPathException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }, "a file system path", String::valueOf);
    }

    /** An absolute http:// or https:// URL. */
    static ValueType<URI> httpUrl() {
        return simple(text -> {
            try {
                URI uri = new URI(text);
                String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
                if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
                    throw new IllegalArgumentException("not an http(s) URL");
                }
                return uri;
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }, "an http:// or https:// URL with a host (e.g. http://127.0.0.1:9000)", String::valueOf);
    }

    /** {@code true} or {@code false}, case-insensitively (a TOML boolean reads as one of them). */
    static ValueType<Boolean> bool() {
        return simple(text -> switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("not a boolean");
        }, "true or false", String::valueOf);
    }

    /**
     * {@code host:port} (an IPv6 host in brackets: {@code [::1]:9464}), unresolved: the process that listens on
     * it finds out whether the host exists. Port 0 picks a free port.
     */
    static ValueType<InetSocketAddress> hostAndPort() {
        ValueType<Integer> port = port();
        return simple(text -> {
            String t = text.trim();
            int colon = t.lastIndexOf(':');
            if (colon < 1) {
                throw new IllegalArgumentException("no host:port");
            }
            String host = t.substring(0, colon);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            } else if (host.contains(":")) {
                throw new IllegalArgumentException("IPv6 host without brackets");
            }
            if (host.isBlank() || host.contains(" ")) {
                throw new IllegalArgumentException("no host");
            }
            return InetSocketAddress.createUnresolved(host, port.parse(t.substring(colon + 1)));
        }, "host:port (e.g. 127.0.0.1:9464, or 0.0.0.0:9464 for all interfaces; port 0 picks a free port)",
                address -> (address.getHostString().contains(":") ? "[" + address.getHostString() + "]"
                        : address.getHostString()) + ":" + address.getPort());
    }

    /** One of the enum's constants, by its lower-case name, case-insensitively. */
    static <E extends Enum<E>> ValueType<E> oneOf(Class<E> type) {
        E[] constants = type.getEnumConstants();
        String names = Arrays.stream(constants).map(c -> c.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(", "));
        return simple(text -> Enum.valueOf(type, text.trim().toUpperCase(Locale.ROOT)),
                "one of " + names, c -> c.name().toLowerCase(Locale.ROOT));
    }

    /** A password or secret key: any non-empty text, never quoted back. */
    static ValueType<Secret> secret() {
        return new ValueType<>() {
            @Override
            public Secret parse(String text) {
                if (text.isEmpty()) {
                    throw new IllegalArgumentException("empty");
                }
                return new Secret(text);
            }

            @Override
            public String expected() {
                return "a non-empty secret";
            }

            @Override
            public String quote(String text) {
                return "****";
            }
        };
    }

    private static long integer(String text) {
        String t = text.trim();
        if (!t.matches("-?\\d{1,18}")) {
            throw new IllegalArgumentException("not an integer");
        }
        return Long.parseLong(t);
    }

    private static <T> ValueType<T> simple(Function<String, T> parser, String expected, Function<T, String> formatter) {
        return new ValueType<>() {
            @Override
            public T parse(String text) {
                return parser.apply(text);
            }

            @Override
            public String expected() {
                return expected;
            }

            @Override
            public String format(T value) {
                return formatter.apply(value);
            }
        };
    }
}
