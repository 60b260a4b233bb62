package io.mosaicod.format;

import java.io.IOException;

/** Turns whatever parquet-java, Arrow or a codec throws on a bad chunk into a {@link ChunkFormatException}. */
final class ChunkFailures {

    private ChunkFailures() {
    }

    /**
     * The exception to throw for {@code failure} while reading {@code chunkName}: the source's own I/O
     * failure unchanged, a {@link ChunkFormatException} unchanged, anything else wrapped in one.
     */
    static IOException translate(String chunkName, String doing, Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SourceInputFile.SourceReadException s) {
                return s.sourceFailure();
            }
            if (t instanceof ChunkFormatException c) {
                return c;
            }
        }
        if (failure instanceof Error e && !(failure instanceof OutOfMemoryError || failure instanceof AssertionError)) {
            throw e;
        }
        return new ChunkFormatException(chunkName, doing + " failed: " + failure.getClass().getSimpleName(), failure);
    }
}
