package io.mosaicod.db.jdbc;

import java.util.Optional;

/**
 * Locators written backwards, by code point ({@code locator_reversed}, V10): a glob with a wildcard start and a
 * literal end ({@code *_0002}) becomes a range of their index, the reversed end's prefix range, where the
 * locator index could only be read in full. Both databases compare them by code point (PostgreSQL through
 * {@code COLLATE "C"}), the order the range is computed in.
 */
final class ReversedLocator {
    private ReversedLocator() {
    }

    /** {@code text} backwards by code point, the order PostgreSQL's {@code reverse} and V10's backfill use. */
    static String of(String text) {
        return new StringBuilder(text).reverse().toString(); // keeps surrogate pairs in order
    }

    /**
     * The first text after every text starting with {@code prefix}: its last code point plus one. Empty when it
     * has none (it ends with U+10FFFF): then the range is open above.
     */
    static Optional<String> prefixEnd(String prefix) {
        int last = prefix.codePointBefore(prefix.length());
        if (last == Character.MAX_CODE_POINT) {
            return Optional.empty();
        }
        int next = last + 1 == Character.MIN_SURROGATE ? Character.MAX_SURROGATE + 1 : last + 1;
        return Optional.of(prefix.substring(0, prefix.length() - Character.charCount(last))
                + new String(Character.toChars(next)));
    }
}
