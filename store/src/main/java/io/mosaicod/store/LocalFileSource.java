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
        while (dst.hasRemaining()) {
            int read = channel.read(dst, at);
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
