package io.mosaicod.cli;

import java.util.Optional;

/**
 * The command line asks for something that cannot be: reported in one line, with exit code 2, and one hint of
 * where to look — the command's help unless the mistake names a better place.
 */
final class UsageException extends RuntimeException {
    private final String seeAlso;

    UsageException(String message) {
        this(message, null);
    }

    /** A mistake best answered by another command, e.g. {@code mosaicod topic ls} for an unknown topic. */
    UsageException(String message, String seeAlso) {
        super(message);
        this.seeAlso = seeAlso;
    }

    /** The command line to suggest instead of the command's help, if the mistake names one. */
    Optional<String> seeAlso() {
        return Optional.ofNullable(seeAlso);
    }
}
