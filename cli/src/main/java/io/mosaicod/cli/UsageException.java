package io.mosaicod.cli;

/** The command line asks for something that cannot be: reported in one line, with exit code 2. */
final class UsageException extends RuntimeException {
    UsageException(String message) {
        super(message);
    }
}
