package io.mosaicod.tasks.optimizer;

import io.mosaicod.core.io.RandomAccessSource;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A source whose small reads are served from one large read of what follows them. parquet-java copies a row
 * group in reads of 8 KiB: straight from a file, each would be a system call (~130,000 per GB copied); through
 * this buffer, one per buffer's worth. Reads at least half the buffer's size go straight to the source.
 * The buffer is lent by the caller and reused from one source to the next; meant for one thread.
 */
final class BufferedSource implements RandomAccessSource {
    private final RandomAccessSource source;
    private final ByteBuffer buffer;
    private final long size;
    /** Where the buffer's content begins in the source; its content is {@code buffer}'s 0 to limit. */
    private long bufferStart;

    /** @param buffer cleared and filled by this source until it is closed; {@code source} is closed with it */
    BufferedSource(RandomAccessSource source, ByteBuffer buffer) throws IOException {
        this.source = source;
        this.buffer = buffer.clear().limit(0);
        try {
            this.size = source.size();
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e;
        }
    }

    @Override
    public String name() {
        return source.name();
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public long joinGapBytes() {
        return source.joinGapBytes();
    }

    @Override
    public void readFully(long position, ByteBuffer dst) throws IOException {
        if (dst.remaining() >= buffer.capacity() / 2 || position < 0 || position > size - dst.remaining()) {
            source.readFully(position, dst); // large, or out of range: the source reads or refuses it itself
            return;
        }
        long at = position;
        while (dst.hasRemaining()) {
            if (at < bufferStart || at >= bufferStart + buffer.limit()) {
                fill(at);
            }
            int offset = (int) (at - bufferStart);
            int n = Math.min(dst.remaining(), buffer.limit() - offset);
            dst.put(buffer.slice(offset, n));
            at += n;
        }
    }

    private void fill(long at) throws IOException {
        buffer.clear().limit((int) Math.min(buffer.capacity(), size - at));
        bufferStart = at;
        try {
            source.readFully(at, buffer);
        } catch (IOException | RuntimeException e) {
            buffer.clear().limit(0);
            throw e;
        }
        buffer.flip();
    }

    @Override
    public void close() throws IOException {
        source.close();
    }
}
