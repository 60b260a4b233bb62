package io.mosaicod.core.search;

import java.util.regex.Pattern;

/**
 * A user-metadata key path of a query: dot-separated keys, where a segment may also be {@code *} (any one key),
 * {@code **} (any number of keys, none included) or {@code [*]} (any element of a list; also written as a
 * suffix, {@code tags[*]}).
 *
 * <p>It is matched against the repository's flattened form of user metadata, where every value of a document
 * has a path of its keys joined by {@code .} and {@code []} appended for each list it sits in
 * ({@code {"a":{"b":[1,2]}}} gives {@code a}, {@code a.b}, {@code a.b[]}, {@code a.b[]}). Lists are lax: a key
 * also matches the elements of a list under it, so {@code a.b} reaches {@code 1} and {@code 2}.
 */
public final class KeyPath {
    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9 _-]+");
    private static final String ANY_ELEMENT = "[*]";
    private static final String LAX_LISTS = "(?:\\[\\])*";

    private final String text;
    /** RE2/J's, linear in the path: with a backtracking engine, a few {@code **} take exponential time. */
    private final com.google.re2j.Pattern flattenedPaths;

    private KeyPath(String text, com.google.re2j.Pattern flattenedPaths) {
        this.text = text;
        this.flattenedPaths = flattenedPaths;
    }

    /** @throws BadFilterException when a segment is empty, {@code ***}, or not a key, wildcard or list suffix */
    public static KeyPath parse(String text) {
        StringBuilder regex = new StringBuilder();
        for (String segment : text.split("\\.", -1)) {
            regex.append(segmentRegex(text, segment));
        }
        return new KeyPath(text, com.google.re2j.Pattern.compile(regex.toString()));
    }

    private static String segmentRegex(String path, String segment) {
        switch (segment) {
            case "*":
                return "\\.[^.\\[]+" + LAX_LISTS;
            case "**":
                return "(?:\\.[^.\\[]+" + LAX_LISTS + ")*";
            case ANY_ELEMENT:
                return "\\[\\]" + LAX_LISTS;
            default:
                break;
        }
        String key = segment;
        int elements = 0;
        while (key.endsWith(ANY_ELEMENT)) {
            key = key.substring(0, key.length() - ANY_ELEMENT.length());
            elements++;
        }
        if (!KEY.matcher(key).matches() || key.contains("--")) {
            throw new BadFilterException("invalid user_metadata key path `" + path + "`: segment `" + segment
                    + "` is neither a key (letters, digits, space, `_`, `-`), `*`, `**` nor `[*]`");
        }
        return "\\." + key + "(?:\\[\\])".repeat(elements) + LAX_LISTS; // a key's characters are all literal
    }

    /** Whether a flattened path (see the class comment) is one this key path designates. */
    public boolean matchesFlattened(String flattenedPath) {
        return flattenedPaths.matcher("." + flattenedPath).matches();
    }

    @Override
    public String toString() {
        return text;
    }
}
