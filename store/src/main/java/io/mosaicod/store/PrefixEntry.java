package io.mosaicod.store;

import java.util.Objects;

/**
 * A common prefix of a delimited listing, e.g. {@code tp_01J.../}: at least one object exists below it.
 * {@link #key()} ends with {@code /}.
 */
public record PrefixEntry(String key) implements ListEntry {
    public PrefixEntry {
        Objects.requireNonNull(key, "key");
        if (!key.endsWith("/")) {
            throw new IllegalArgumentException("a common prefix ends with '/': '" + key + "'");
        }
    }
}
