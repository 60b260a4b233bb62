package io.mosaicod.core.locator;

import io.mosaicod.core.ClientText;

/**
 * A sequence locator: one recording's name. Non-empty printable ASCII without
 * {@code ! " ' * £ $ % & .}, space, {@code /} or {@code :} (mosaicod's rules, PROTOCOL.md §1).
 */
public record SequenceName(String value) {
    /** Longest sequence name or topic locator: beyond it a name is surely a mistake or an attack. */
    public static final int MAX_LENGTH = 1024;
    private static final String FORBIDDEN = "!\"'*$%&. /:";

    public SequenceName {
        requireValid("sequence name", value, "");
    }

    public static SequenceName parse(String text) {
        return new SequenceName(text);
    }

    @Override
    public String toString() {
        return value;
    }

    /** Checks {@code text} against the sequence rules; {@code alsoAllowed} lists characters a caller permits. */
    static void requireValid(String what, String text, String alsoAllowed) {
        if (text == null || text.isEmpty()) {
            throw new InvalidLocatorException("invalid " + what + ": it is empty");
        }
        if (text.length() > MAX_LENGTH) {
            throw new InvalidLocatorException("invalid " + what + " '" + ClientText.quote(text) + "': it is longer"
                    + " than " + MAX_LENGTH + " characters");
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                throw new InvalidLocatorException("invalid " + what + " '" + ClientText.quote(text)
                        + "': only printable ASCII is allowed");
            }
            if (FORBIDDEN.indexOf(c) >= 0 && alsoAllowed.indexOf(c) < 0) {
                throw new InvalidLocatorException("invalid " + what + " '" + ClientText.quote(text) + "': character '"
                        + c + "' is not allowed");
            }
        }
    }
}
