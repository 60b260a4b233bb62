package io.mosaicod.format;

import io.mosaicod.core.io.RandomAccessSource;
import java.io.EOFException;
import java.nio.ByteBuffer;

/** An in-memory chunk. */
final class BytesSource implements RandomAccessSource {

    private final String name;
    private final byte[] bytes;

    BytesSource(String name, byte[] bytes) {
        this.name = name;
        this.bytes = bytes;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        return bytes.length;
    }

    @Override
    public void readFully(long position, ByteBuffer dst) throws EOFException {
        if (position < 0 || position + dst.remaining() > bytes.length) {
            throw new EOFException(name + ": read of " + dst.remaining() + " bytes at " + position);
        }
        dst.put(bytes, (int) position, dst.remaining());
    }

    @Override
    public void close() {
    }
}
