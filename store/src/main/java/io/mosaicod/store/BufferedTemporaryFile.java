package io.mosaicod.store;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Writes through the page cache: for file systems that refuse {@code O_DIRECT} (see {@link DirectTemporaryFile}). */
final class BufferedTemporaryFile implements TemporaryFile {
    private static final int BUFFER_BYTES = 64 * 1024;

    private final FileChannel channel;
    private final OutputStream out;

    private BufferedTemporaryFile(FileChannel channel) {
        this.channel = channel;
        this.out = new BufferedOutputStream(Channels.newOutputStream(channel), BUFFER_BYTES);
    }

    static BufferedTemporaryFile create(Path path) throws IOException {
        return new BufferedTemporaryFile(FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
    }

    @Override
    public void append(byte[] bytes, int offset, int length) throws IOException {
        out.write(bytes, offset, length);
    }

    @Override
    public void writeOut() throws IOException {
        out.flush();
    }

    @Override
    public void sync() throws IOException {
        writeOut();
        channel.force(true);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
