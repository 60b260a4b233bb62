package io.mosaicod.core.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Positioned, read-only access to one stored object (a local file or an S3 object read by ranges).
 * The object store hands these out and the chunk codec reads Parquet through them, so neither module
 * depends on the other.
 */
public interface RandomAccessSource extends Closeable {

    /** The object key or path, for error messages. */
    String name();

    long size() throws IOException;

    /**
     * Reads exactly {@code dst.remaining()} bytes starting at {@code position}; fails with
     * {@link java.io.EOFException} if the object ends first.
     */
    void readFully(long position, ByteBuffer dst) throws IOException;
}
