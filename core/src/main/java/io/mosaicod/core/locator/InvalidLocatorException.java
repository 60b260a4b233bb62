package io.mosaicod.core.locator;

/** A sequence, topic or session locator that breaks the naming rules (a client error, not a bug). */
public final class InvalidLocatorException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public InvalidLocatorException(String message) {
        super(message);
    }
}
