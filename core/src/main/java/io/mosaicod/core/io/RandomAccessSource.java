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

    /**
     * The longest run of unwanted bytes worth reading to join two wanted ranges into one request: about what one
     * more request costs, in bytes of this source's transfer. A local file's is small (a system call); an S3
     * object's large (a round trip). This default is a file's: a positioned read costs a few microseconds, about
     * as long as copying 64 KiB.
     */
    default long joinGapBytes() {
        return 64 << 10;
    }
}
