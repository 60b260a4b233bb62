package io.mosaicod.store;

import io.mosaicod.core.io.RandomAccessSource;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Positional reads through a {@link FileChannel}: thread-safe, no shared file pointer. The open channel
 * keeps reading the version it opened even if the key is replaced meanwhile (rename swaps the entry only).
 */
public final class LocalFileSource implements RandomAccessSource {
    private static final int HEAP_READ_PIECE_BYTES = 1 << 20;

    private final String key;
    private final FileChannel channel;
    private final long size;

    LocalFileSource(String key, FileChannel channel) throws IOException {
        this.key = key;
        this.channel = channel;
        this.size = channel.size();
    }

    /** A local file read as a chunk source outside any store (benchmarks, tools); named by its path. */
    public static LocalFileSource open(Path file) throws IOException {
        return new LocalFileSource(file.toString(), FileChannel.open(file, StandardOpenOption.READ));
    }

    @Override
    public String name() {
        return key;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void readFully(long position, ByteBuffer dst) throws IOException {
        ReadRanges.check(key, position, dst.remaining(), size);
        long at = position;
        int limit = dst.limit();
        while (dst.hasRemaining()) {
            if (!dst.isDirect()) {
                // the JDK reads into a heap buffer through a temporary direct one as large as the request, and
                // allocates and zeroes a new one whenever its thread's cached one is smaller: read in pieces
                dst.limit((int) Math.min(limit, (long) dst.position() + HEAP_READ_PIECE_BYTES));
            }
            int read;
            try {
                read = channel.read(dst, at);
            } finally {
                dst.limit(limit);
            }
            if (read < 0) {
                throw new EOFException("'" + key + "' ended at " + at + " while reading " + dst.remaining()
                        + " more bytes");
            }
            at += read;
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
