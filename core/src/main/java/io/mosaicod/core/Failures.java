package io.mosaicod.core;

import java.io.IOException;
import java.io.UncheckedIOException;

/** Failures of work done on another thread, thrown again on the thread that waited for it. */
public final class Failures {
    private Failures() {
    }

    /**
     * Throws {@code failure} as it was thrown where it can: an {@link IOException} (also from inside an
     * {@link UncheckedIOException}), a runtime exception or an error; returns anything else as an
     * {@link IOException} saying that {@code what} failed, for the caller to throw.
     */
    public static IOException rethrow(Throwable failure, String what) throws IOException {
        if (failure instanceof IOException io) {
            throw io;
        }
        if (failure instanceof UncheckedIOException io) {
            throw io.getCause();
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return new IOException(what + " failed: " + failure, failure);
    }
}
