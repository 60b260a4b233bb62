package io.mosaicod.server.protocol;

import io.mosaicod.core.ClientText;
import java.util.Objects;

/**
 * A request the protocol refuses, with the status code clients see and a human sentence ending in {@code .}
 * that names the locator, uuid or setting concerned (PROTOCOL.md §2).
 */
public final class ProtocolException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode code;

    public ProtocolException(ErrorCode code, String sentence) {
        this(code, sentence, null);
    }

    public ProtocolException(ErrorCode code, String sentence, Throwable cause) {
        super(asSentence(sentence), cause);
        this.code = Objects.requireNonNull(code, "code");
    }

    public ErrorCode code() {
        return code;
    }

    /** {@code <What> `<name>` not found.} */
    public static ProtocolException notFound(String what, Object name) {
        return new ProtocolException(ErrorCode.NOT_FOUND, what + " `" + ClientText.quote(name) + "` not found.");
    }

    /** {@code <What> `<name>` already exists.} */
    public static ProtocolException alreadyExists(String what, Object name) {
        return new ProtocolException(ErrorCode.ALREADY_EXISTS, what + " `" + ClientText.quote(name)
                + "` already exists.");
    }

    /** {@code Bad request: <detail>.} */
    public static ProtocolException badRequest(String detail) {
        return new ProtocolException(ErrorCode.INVALID_ARGUMENT, "Bad request: " + detail);
    }

    public static ProtocolException badRequest(String detail, Throwable cause) {
        return new ProtocolException(ErrorCode.INVALID_ARGUMENT, "Bad request: " + detail, cause);
    }

    public static ProtocolException failedPrecondition(String sentence) {
        return new ProtocolException(ErrorCode.FAILED_PRECONDITION, sentence);
    }

    /** Ends the text with a period unless it already ends with sentence punctuation. */
    static String asSentence(String text) {
        String trimmed = Objects.requireNonNull(text, "sentence").strip();
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("an error sentence must not be empty");
        }
        char last = trimmed.charAt(trimmed.length() - 1);
        return last == '.' || last == '?' || last == '!' ? trimmed : trimmed + ".";
    }
}
