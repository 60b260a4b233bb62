package io.mosaicod.core.io;

import java.io.EOFException;
import java.nio.ByteBuffer;

/** A whole object already read into memory (on or off the heap), e.g. a chunk fetched ahead of its reader. */
public final class InMemorySource implements RandomAccessSource {
    private final String name;
    private final ByteBuffer bytes;
    private Runnable onClose;

    /**
     * Reads {@code bytes} from its position to its limit; the buffer is not modified. {@code onClose} runs on
     * the first {@link #close}, e.g. to free the memory behind the buffer.
     */
    public InMemorySource(String name, ByteBuffer bytes, Runnable onClose) {
        this.name = name;
        this.bytes = bytes.slice();
        this.onClose = onClose;
    }

    public InMemorySource(String name, byte[] bytes) {
        this(name, ByteBuffer.wrap(bytes), () -> { });
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
        Runnable action = onClose;
        onClose = null;
        if (action != null) {
            action.run();
        }
    }
}
