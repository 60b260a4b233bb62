package io.mosaicod.core.locator;

import io.mosaicod.core.ClientText;
import java.util.Objects;

/**
 * A topic locator, {@code <sequence>/<path>}: split at the first {@code /}; the path is non-empty, has no
 * leading or trailing {@code /}, no {@code //}, no {@code :} and none of the sequence's forbidden characters.
 */
public record TopicLocator(SequenceName sequence, String path) {

    public TopicLocator {
        Objects.requireNonNull(sequence, "sequence");
        if (path == null || path.isEmpty()) {
            throw new InvalidLocatorException("invalid topic locator '" + ClientText.quote(sequence + "/")
                    + "': the topic path is empty");
        }
        String full = sequence + "/" + path;
        if (full.length() > SequenceName.MAX_LENGTH) {
            throw new InvalidLocatorException("invalid topic locator '" + ClientText.quote(full) + "': it is longer"
                    + " than " + SequenceName.MAX_LENGTH + " characters");
        }
        if (path.startsWith("/") || path.endsWith("/") || path.contains("//")) {
            throw new InvalidLocatorException("invalid topic locator '" + ClientText.quote(full)
                    + "': the path must not start or end with '/' nor contain '//'");
        }
        SequenceName.requireValid("topic locator", path, "/");
    }

    public static TopicLocator parse(String text) {
        if (text == null) {
            throw new InvalidLocatorException("invalid topic locator: it is empty");
        }
        int slash = text.indexOf('/');
        if (slash < 0) {
            throw new InvalidLocatorException("invalid topic locator '" + ClientText.quote(text)
                    + "': expected <sequence>/<path>");
        }
        return new TopicLocator(new SequenceName(text.substring(0, slash)), text.substring(slash + 1));
    }

    @Override
    public String toString() {
        return sequence + "/" + path;
    }
}
