package io.mosaicod.testkit;

import io.mosaicod.core.io.RandomAccessSource;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A real source whose reads a test may intercept (override {@link #readFully}, call {@code super}) to slow
 * them down or act at the moment one happens.
 */
public class ForwardingSource implements RandomAccessSource {
    private final RandomAccessSource source;

    public ForwardingSource(RandomAccessSource source) {
        this.source = source;
    }

    @Override
    public String name() {
        return source.name();
    }

    @Override
    public long size() throws IOException {
        return source.size();
    }

    @Override
    public long joinGapBytes() {
        return source.joinGapBytes();
    }

    @Override
    public void readFully(long position, ByteBuffer dst) throws IOException {
        source.readFully(position, dst);
    }

    @Override
    public void close() throws IOException {
        source.close();
    }
}
