package io.mosaicod.store;

import java.io.Closeable;
import java.io.IOException;

/**
 * The file a local object is written to before it is renamed into place. Closing it without {@link #sync()}
 * leaves whatever was written; the writer deletes the file then.
 */
interface TemporaryFile extends Closeable {
    void append(byte[] bytes, int offset, int length) throws IOException;

    /**
     * Writes out everything appended, so that the file holds exactly those bytes, and gives back the buffers;
     * nothing can be appended after. Idempotent.
     */
    void writeOut() throws IOException;

    /** Writes out everything appended ({@link #writeOut()}) and fsyncs the file. */
    void sync() throws IOException;
}
