package io.mosaicod.core.search;

import com.google.re2j.Pattern;

/**
 * A {@code $match} pattern: {@code *} any run, {@code ?} one character, {@code #} one digit, {@code [...]} a
 * character class ({@code [!...]} or {@code [^...]} negated), every other character literal, anchored at both
 * ends. Kept as the client wrote it and rendered for each engine that evaluates it. Matched in Java by RE2/J, in
 * time linear in the text: with a backtracking engine, a pattern of many {@code *} that fails takes time
 * exponential in their number, and one request could hold the search threads for good.
 */
public final class Glob {
    static final int MAX_LENGTH = 256;

    private final String pattern;
    private final Pattern compiled;

    private Glob(String pattern) {
        this.pattern = pattern;
        this.compiled = Pattern.compile(regex(), Pattern.DOTALL);
    }

    /** @throws BadFilterException for an empty pattern, one over 256 characters, or a malformed class */
    public static Glob of(String pattern) {
        if (pattern.isEmpty()) {
            throw new BadFilterException("empty $match pattern");
        }
        if (pattern.length() > MAX_LENGTH) {
            throw new BadFilterException("$match pattern longer than " + MAX_LENGTH + " characters");
        }
        int i = 0;
        while (i < pattern.length()) {
            i = pattern.charAt(i) == '[' ? classEnd(pattern, i) + 1 : i + 1;
        }
        return new Glob(pattern);
    }

    /** The index of the {@code ]} closing the class opened at {@code start}. */
    private static int classEnd(String pattern, int start) {
        int first = start + 1;
        if (first < pattern.length() && (pattern.charAt(first) == '!' || pattern.charAt(first) == '^')) {
            first++;
        }
        int end = pattern.indexOf(']', first);
        if (end < 0 || end == first || pattern.substring(first, end).indexOf('[') >= 0) {
            throw new BadFilterException("malformed character class in $match pattern `" + pattern + "`");
        }
        return end;
    }

    public String pattern() {
        return pattern;
    }

    public boolean matches(CharSequence text) {
        return compiled.matcher(text).matches();
    }

    /**
     * The pattern as an anchored regular expression that Java and PostgreSQL read alike: only ASCII
     * punctuation is escaped, with a backslash, which both take literally.
     */
    public String regex() {
        StringBuilder regex = new StringBuilder("^");
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '[') {
                int end = classEnd(pattern, i);
                regex.append('[');
                int first = i + 1;
                if (pattern.charAt(first) == '!' || pattern.charAt(first) == '^') {
                    regex.append('^');
                    first++;
                }
                for (int j = first; j < end; j++) {
                    char member = pattern.charAt(j);
                    // '-' keeps its range meaning; '&' would be Java's class intersection, '\' an escape
                    regex.append(member == '\\' || member == '&' ? "\\" + member : String.valueOf(member));
                }
                regex.append(']');
                i = end + 1;
                continue;
            }
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                case '#' -> regex.append("[0-9]");
                default -> regex.append(isAsciiPunctuation(c) ? "\\" + c : String.valueOf(c));
            }
            i++;
        }
        return regex.append('$').toString();
    }

    /**
     * The pattern in SQLite's GLOB syntax, whose {@code *}, {@code ?} and classes are ours and whose other
     * characters are literal; only {@code #} and the {@code !} negation need rewriting.
     */
    public String sqliteGlob() {
        StringBuilder glob = new StringBuilder();
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '[') {
                int end = classEnd(pattern, i);
                String members = pattern.substring(i + 1, end);
                glob.append('[').append(members.startsWith("!") ? "^" + members.substring(1) : members).append(']');
                i = end + 1;
            } else {
                glob.append(c == '#' ? "[0-9]" : String.valueOf(c));
                i++;
            }
        }
        return glob.toString();
    }

    private static boolean isAsciiPunctuation(char c) {
        return c < 128 && !Character.isLetterOrDigit(c) && !Character.isWhitespace(c) && c >= 32;
    }

    @Override
    public String toString() {
        return pattern;
    }
}
