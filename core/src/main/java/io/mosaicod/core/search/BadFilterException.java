package io.mosaicod.core.search;

/**
 * A search filter the client got wrong. The message starts with {@code Bad request: } so the server can pass it
 * on unchanged as INVALID_ARGUMENT.
 */
public final class BadFilterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadFilterException(String problem) {
        super("Bad request: " + problem + (problem.endsWith(".") ? "" : "."));
    }
}
