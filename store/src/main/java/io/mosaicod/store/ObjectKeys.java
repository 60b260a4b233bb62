package io.mosaicod.store;

import java.nio.charset.StandardCharsets;
import java.util.Comparator;

/**
 * The key rules every store enforces, so that a key valid on S3 is valid on a local disk and vice versa:
 * non-empty {@code /}-separated segments, no {@code .} or {@code ..} segment, no control characters or
 * backslashes, at most 1024 UTF-8 bytes (S3's limit), and no segment starting with
 * {@value #RESERVED_PREFIX} (the local store's temporary files, which listings skip).
 */
public final class ObjectKeys {
    /** Segment prefix reserved for in-progress writes; such names are never objects. */
    public static final String RESERVED_PREFIX = ".tmp-";
    private static final int MAX_KEY_BYTES = 1024;

    /** S3's listing order: ascending UTF-8 bytes of the key, which is ascending Unicode code points. */
    public static final Comparator<String> ORDER = ObjectKeys::compareCodePoints;

    private ObjectKeys() {
    }

    /** Returns {@code key} if it is a valid object key, else throws naming the key and the rule. */
    public static String requireValidKey(String key) {
        if (key == null || key.isEmpty()) {
            throw new IllegalArgumentException("object key must not be empty");
        }
        if (key.endsWith("/")) {
            throw new IllegalArgumentException("object key must not end with '/': '" + key + "'");
        }
        checkSegments(key, key);
        return key;
    }

    /**
     * Returns {@code prefix} if it is a valid listing prefix: empty (everything), a key prefix such as
     * {@code tp_}, or a folder prefix such as {@code tp_X/data/}.
     */
    public static String requireValidPrefix(String prefix) {
        if (prefix == null) {
            throw new IllegalArgumentException("prefix must not be null (use \"\" for everything)");
        }
        if (prefix.isEmpty()) {
            return prefix;
        }
        String body = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
        if (body.isEmpty()) {
            throw new IllegalArgumentException("prefix must not be '/' (use \"\" for everything)");
        }
        checkSegments(body, prefix);
        return prefix;
    }

    /** The prefix every object of folder {@code folder} starts with: {@code folder} plus a trailing {@code /}. */
    public static String folderPrefix(String folder) {
        String prefix = folder.endsWith("/") ? folder : folder + "/";
        requireValidPrefix(prefix);
        return prefix;
    }

    private static void checkSegments(String path, String shown) {
        if (path.getBytes(StandardCharsets.UTF_8).length > MAX_KEY_BYTES) {
            throw new IllegalArgumentException("object key longer than " + MAX_KEY_BYTES + " UTF-8 bytes: '"
                    + shown.substring(0, 64) + "...'");
        }
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c < 0x20 || c == 0x7F || c == '\\') {
                throw new IllegalArgumentException("object key contains a control character or backslash at "
                        + i + ": '" + shown + "'");
            }
        }
        int start = 0;
        while (start <= path.length()) {
            int end = path.indexOf('/', start);
            if (end < 0) {
                end = path.length();
            }
            String segment = path.substring(start, end);
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException("object key has an empty, '.' or '..' segment: '" + shown + "'");
            }
            if (segment.startsWith(RESERVED_PREFIX)) {
                throw new IllegalArgumentException("object key segment starts with the reserved '"
                        + RESERVED_PREFIX + "': '" + shown + "'");
            }
            start = end + 1;
        }
    }

    private static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }
}
