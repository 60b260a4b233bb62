package io.mosaicod.core.io;

import java.io.EOFException;
import java.nio.ByteBuffer;

/** A whole object already read into memory (on or off the heap), e.g. a chunk fetched ahead of its reader. */
public final class InMemorySource implements RandomAccessSource {
    private final String name;
    private final ByteBuffer bytes;

    /** Reads {@code bytes} from its position to its limit; the buffer is not modified. */
    public InMemorySource(String name, ByteBuffer bytes) {
        this.name = name;
        this.bytes = bytes.slice();
    }

    public InMemorySource(String name, byte[] bytes) {
        this(name, ByteBuffer.wrap(bytes));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        return bytes.capacity();
    }

    @Override
    public void readFully(long position, ByteBuffer dst) throws EOFException {
        if (position < 0 || position > bytes.capacity() - (long) dst.remaining()) {
            throw new EOFException("'" + name + "' is " + bytes.capacity() + " bytes: cannot read " + dst.remaining()
                    + " bytes at " + position);
        }
        dst.put(bytes.slice((int) position, dst.remaining()));
    }

    @Override
    public void close() {
    }
}
