package io.mosaicod.core.config;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A repository URL as the operator wrote it, normalized to JDBC with its credentials split out, so that no
 * password stays inside a URL that might be logged. Accepted forms:
 * <ul>
 *   <li>{@code sqlite:PATH}, {@code sqlite://PATH} (relative), {@code sqlite:///ABSOLUTE}, {@code jdbc:sqlite:PATH}</li>
 *   <li>{@code postgresql://[user[:password]@]host[:port][/database][?params]}, {@code postgres://...},
 *       {@code jdbc:postgresql://...}; percent-encoded user info is decoded; {@code user} and
 *       {@code password} query parameters are split out too</li>
 * </ul>
 *
 * @param jdbcUrl    the JDBC URL, without credentials; for SQLite the path may still be relative
 * @param sqliteFile the SQLite database file, when it is one (not yet resolved against the working directory)
 */
public record DatabaseUrl(String jdbcUrl, Optional<Path> sqliteFile, Optional<String> user, Optional<Secret> password) {

    /** How configuration text becomes a {@code DatabaseUrl}; error messages quote the URL without its password. */
    public static final ValueType<DatabaseUrl> TYPE = new ValueType<>() {
        @Override
        public DatabaseUrl parse(String text) {
            return DatabaseUrl.parse(text);
        }

        @Override
        public String expected() {
            return "sqlite:PATH, postgresql://[user[:password]@]host[:port]/database (or postgres://),"
                    + " or a jdbc:sqlite:/jdbc:postgresql: URL";
        }

        @Override
        public String quote(String text) {
            return redact(text);
        }
    };
    private static final Pattern USER_INFO_PASSWORD = Pattern.compile("^([A-Za-z][A-Za-z0-9+.:-]*://[^:/@]*):.*@");

    /** @throws IllegalArgumentException if {@code url} has an unknown scheme or is malformed */
    public static DatabaseUrl parse(String url) {
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.startsWith("jdbc:sqlite:")) {
            return sqlite(url.substring("jdbc:sqlite:".length()));
        }
        if (lower.startsWith("sqlite:")) {
            String rest = url.substring("sqlite:".length());
            return sqlite(rest.startsWith("//") ? rest.substring(2) : rest);
        }
        for (String scheme : List.of("jdbc:postgresql://", "postgresql://", "postgres://")) {
            if (lower.startsWith(scheme)) {
                return postgres(url.substring(scheme.length()));
            }
        }
        throw new IllegalArgumentException("unknown scheme");
    }

    /** {@code url} with any password in its user info masked, fit for an error message. */
    public static String redact(String url) {
        return maskUserInfo(url).replaceAll("(?i)([?&]password=)[^&]*", "$1****");
    }

    /**
     * A URL's password masked; in text that is not quite a URL (the scheme or a slash forgotten, which is when it
     * gets quoted in an error) everything from the first colon to the last {@code @}, user name included.
     */
    private static String maskUserInfo(String url) {
        if (url.contains("://")) {
            return USER_INFO_PASSWORD.matcher(url).replaceFirst("$1:****@");
        }
        int colon = url.indexOf(':');
        int at = url.lastIndexOf('@');
        return colon >= 0 && colon < at ? url.substring(0, colon + 1) + "****" + url.substring(at) : url;
    }

    /** This URL with a relative SQLite path resolved against {@code workingDir}. */
    public DatabaseConfig toConfig(Path workingDir, Optional<String> user, Optional<Secret> password, int maxConnections) {
        String url = sqliteFile.map(f -> {
            String query = jdbcUrl.contains("?") ? jdbcUrl.substring(jdbcUrl.indexOf('?')) : "";
            return "jdbc:sqlite:" + workingDir.resolve(f).normalize() + query;
        }).orElse(jdbcUrl);
        return new DatabaseConfig(url, user, password, maxConnections);
    }

    private static DatabaseUrl sqlite(String pathAndQuery) {
        int q = pathAndQuery.indexOf('?');
        String path = q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
        if (path.isBlank()) {
            throw new IllegalArgumentException("missing path");
        }
        return new DatabaseUrl("jdbc:sqlite:" + pathAndQuery, Optional.of(Path.of(path)), Optional.empty(),
                Optional.empty());
    }

    private static DatabaseUrl postgres(String rest) {
        // The last '@' ends the user info, so a password with an unencoded '/' or '?' is still split out.
        int lastAt = rest.lastIndexOf('@');
        int end = indexOfAny(rest, "/?#", lastAt + 1);
        String authority = end < 0 ? rest : rest.substring(0, end);
        String pathAndQuery = end < 0 ? "" : rest.substring(end);
        if (pathAndQuery.contains("#")) {
            throw new IllegalArgumentException("fragment not allowed");
        }
        int at = authority.lastIndexOf('@');
        String hostPort = authority.substring(at + 1);
        if (hostPort.isEmpty() || hostPort.startsWith(":")) {
            throw new IllegalArgumentException("missing host");
        }
        Optional<String> user = Optional.empty();
        Optional<Secret> password = Optional.empty();
        if (at >= 0) {
            String info = authority.substring(0, at);
            int colon = info.indexOf(':');
            user = nonEmpty(percentDecode(colon < 0 ? info : info.substring(0, colon)));
            password = colon < 0 ? Optional.empty() : nonEmpty(percentDecode(info.substring(colon + 1))).map(Secret::new);
        }
        int q = pathAndQuery.indexOf('?');
        String path = q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
        List<String> kept = new ArrayList<>();
        if (q >= 0) {
            for (String param : pathAndQuery.substring(q + 1).split("&")) {
                String name = param.contains("=") ? param.substring(0, param.indexOf('=')) : param;
                String value = percentDecode(param.substring(Math.min(param.length(), name.length() + 1)));
                if (name.equalsIgnoreCase("user")) {
                    user = merge(user, nonEmpty(value), "user");
                } else if (name.equalsIgnoreCase("password")) {
                    password = merge(password, nonEmpty(value).map(Secret::new), "password");
                } else if (!param.isEmpty()) {
                    kept.add(param);
                }
            }
        }
        String jdbc = "jdbc:postgresql://" + hostPort + (path.isEmpty() ? "/" : path)
                + (kept.isEmpty() ? "" : "?" + String.join("&", kept));
        return new DatabaseUrl(jdbc, Optional.empty(), user, password);
    }

    private static <T> Optional<T> merge(Optional<T> first, Optional<T> second, String what) {
        if (first.isPresent() && second.isPresent()) {
            throw new IllegalArgumentException(what + " given twice");
        }
        return first.isPresent() ? first : second;
    }

    private static Optional<String> nonEmpty(String s) {
        return s.isEmpty() ? Optional.empty() : Optional.of(s);
    }

    private static int indexOfAny(String s, String chars, int from) {
        for (int i = from; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }

    /** RFC 3986 decoding ({@code +} stays a plus, unlike form decoding). */
    private static String percentDecode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                if (i + 2 >= s.length()) {
                    throw new IllegalArgumentException("bad percent escape");
                }
                int hi = Character.digit(s.charAt(i + 1), 16);
                int lo = Character.digit(s.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw new IllegalArgumentException("bad percent escape");
                }
                out.write(hi * 16 + lo);
                i += 2;
            } else {
                int codePoint = s.codePointAt(i);
                byte[] bytes = new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8);
                out.write(bytes, 0, bytes.length);
                i += Character.charCount(codePoint) - 1;
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return jdbcUrl;
    }
}
