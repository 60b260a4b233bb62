package io.mosaicod.core.search;

import com.google.re2j.Pattern;

/**
 * A {@code $match} pattern: {@code *} any run, {@code ?} one character, {@code #} one digit, {@code [...]} a
 * character class ({@code [!...]} or {@code [^...]} negated), every other character literal, anchored at both
 * ends; or, in the 0.5 dialect, a text to be found anywhere ({@link #containing}). Kept as the client wrote it
 * and rendered for each engine that evaluates it. Matched in Java by RE2/J, in
 * time linear in the text: with a backtracking engine, a pattern of many {@code *} that fails takes time
 * exponential in their number, and one request could hold the search threads for good.
 */
public final class Glob {
    static final int MAX_LENGTH = 256;

    private final String pattern;
    private final String regex;
    private final String sqliteGlob;
    private final String unanchoredStartSuffix;
    private final Pattern compiled;

    private Glob(String pattern, String regex, String sqliteGlob, String unanchoredStartSuffix) {
        this.pattern = pattern;
        this.regex = regex;
        this.sqliteGlob = sqliteGlob;
        this.unanchoredStartSuffix = unanchoredStartSuffix;
        this.compiled = Pattern.compile(regex, Pattern.DOTALL);
    }

    /** @throws BadFilterException for an empty pattern, one over 256 characters, or a malformed class */
    public static Glob of(String pattern) {
        requireLength(pattern);
        String regex = regexOf(pattern);
        return new Glob(pattern, regex, sqliteGlobOf(pattern), isWildcard(pattern.charAt(0)) ? literalEnd(pattern) : "");
    }

    /**
     * The 0.5 dialect's {@code $match}: the texts that contain {@code text}, every character of it literal. It is
     * the glob {@code *text*}, which the glob syntax cannot write when {@code text} holds {@code [} or {@code ]}.
     *
     * @throws BadFilterException for an empty text or one over 256 characters
     */
    public static Glob containing(String text) {
        requireLength(text);
        StringBuilder regex = new StringBuilder("^.*");
        StringBuilder glob = new StringBuilder("*");
        for (char c : text.toCharArray()) {
            regex.append(literal(c));
            // SQLite's GLOB has no escape character: a class of one character is the literal
            glob.append(c == '*' || c == '?' || c == '[' ? "[" + c + "]" : String.valueOf(c));
        }
        return new Glob(text, regex.append(".*$").toString(), glob.append('*').toString(), "");
    }

    private static boolean isWildcard(char c) {
        return c == '*' || c == '?' || c == '#' || c == '[';
    }

    /** The literal characters after the pattern's last wildcard or class (the regex check ran: classes close). */
    private static String literalEnd(String pattern) {
        int start = pattern.length();
        while (start > 0 && !isWildcard(pattern.charAt(start - 1)) && pattern.charAt(start - 1) != ']') {
            start--;
        }
        return pattern.substring(start);
    }

    private static void requireLength(String pattern) {
        if (pattern.isEmpty()) {
            throw new BadFilterException("empty $match pattern");
        }
        if (pattern.length() > MAX_LENGTH) {
            throw new BadFilterException("$match pattern longer than " + MAX_LENGTH + " characters");
        }
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

    /**
     * For a pattern that starts with a wildcard and ends with literal text ({@code *_0002}), that text: every
     * match ends with it, which an index of reversed names can find when no index of names can. Empty otherwise.
     */
    public String unanchoredStartSuffix() {
        return unanchoredStartSuffix;
    }

    /** The text as the client wrote it. */
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
        return regex;
    }

    /**
     * The pattern in SQLite's GLOB syntax, whose {@code *}, {@code ?} and classes are ours and whose other
     * characters are literal; only {@code #} and the {@code !} negation need rewriting.
     */
    public String sqliteGlob() {
        return sqliteGlob;
    }

    /** @throws BadFilterException for a malformed class */
    private static String regexOf(String pattern) {
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
                default -> regex.append(literal(c));
            }
            i++;
        }
        return regex.append('$').toString();
    }

    private static String sqliteGlobOf(String pattern) {
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

    /** {@code c} in a regex, literal. */
    private static String literal(char c) {
        return isAsciiPunctuation(c) ? "\\" + c : String.valueOf(c);
    }

    private static boolean isAsciiPunctuation(char c) {
        return c < 128 && !Character.isLetterOrDigit(c) && !Character.isWhitespace(c) && c >= 32;
    }

    /** Conditions are records: two globs are equal when they match the same texts, i.e. render one regex. */
    @Override
    public boolean equals(Object other) {
        return other instanceof Glob glob && glob.regex.equals(regex);
    }

    @Override
    public int hashCode() {
        return regex.hashCode();
    }

    @Override
    public String toString() {
        return pattern;
    }
}
