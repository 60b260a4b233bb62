package io.mosaicod.bench;

import io.mosaicod.core.io.RandomAccessSource;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** A chunk file read with positioned {@link FileChannel} reads. */
final class FileChunkSource implements RandomAccessSource {

    private final Path path;
    private final FileChannel channel;

    FileChunkSource(Path path) throws IOException {
        this.path = path;
        this.channel = FileChannel.open(path, StandardOpenOption.READ);
    }

    @Override
    public String name() {
        return path.toString();
    }

    @Override
    public long size() throws IOException {
        return channel.size();
    }

    @Override
    public void readFully(long position, ByteBuffer dst) throws IOException {
        long pos = position;
        while (dst.hasRemaining()) {
            int n = channel.read(dst, pos);
            if (n < 0) {
                throw new EOFException(path + " ends at " + pos);
            }
            pos += n;
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
