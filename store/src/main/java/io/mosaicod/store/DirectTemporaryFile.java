package io.mosaicod.store;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.OptionalInt;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Writes with {@code O_DIRECT}: bytes go from an aligned buffer to the disk without being copied into the
 * page cache. The optimizer writes a topic's whole size again, once, and nothing reads it back soon, so the
 * page cache only costs it: the kernel's copy and its writeback compete for the cores the merge needs
 * (docs/benchmarks.md, "Where the time went"). The last, partial block is written padded and the file then truncated
 * to its length; {@link #sync()} still fsyncs, since a direct write may sit in the device's cache.
 */
final class DirectTemporaryFile implements TemporaryFile {
    /**
     * Bytes per write: large enough that writes keep their share of a disk other reads use at the same time
     * (docs/benchmarks.md, "Where the time went"). The buffers are pooled, since a writer per chunk would otherwise allocate one each.
     */
    static final int BUFFER_BYTES = 4 << 20;
    /** Buffers kept for reuse: a handful of concurrent writers; more simply allocate. */
    private static final BlockingQueue<ByteBuffer> POOL = new ArrayBlockingQueue<>(8);

    private final FileChannel channel;
    private final int alignment;
    private ByteBuffer buffer;
    private long length;

    private DirectTemporaryFile(FileChannel channel, int alignment, ByteBuffer buffer) {
        this.channel = channel;
        this.alignment = alignment;
        this.buffer = buffer;
    }

    static DirectTemporaryFile create(Path path, int alignment) throws IOException {
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                ExtendedOpenOption.DIRECT);
        try {
            return new DirectTemporaryFile(channel, alignment, takeBuffer(alignment));
        } catch (RuntimeException | Error e) { // no direct memory left for the buffer
            channel.close();
            throw e;
        }
    }

    /**
     * The alignment direct writes in {@code directory} need (its file system's block size), or empty when that
     * file system refuses them; decided by writing a probe file, which is removed.
     */
    static OptionalInt alignmentFor(Path directory, String probeName) {
        Path probe = directory.resolve(probeName);
        try {
            int alignment = Math.max(4096, Math.toIntExact(Files.getFileStore(directory).getBlockSize()));
            if (Integer.bitCount(alignment) != 1 || BUFFER_BYTES % alignment != 0) {
                return OptionalInt.empty();
            }
            try (DirectTemporaryFile file = create(probe, alignment)) {
                file.append(new byte[1], 0, 1);
                file.writeOut();
            }
            return OptionalInt.of(alignment);
        } catch (IOException | RuntimeException refused) {
            return OptionalInt.empty();
        } finally {
            try {
                Files.deleteIfExists(probe);
            } catch (IOException ignored) {
                // a leftover probe is a temporary file: never listed, removed with its folder
            }
        }
    }

    @Override
    public void append(byte[] bytes, int offset, int length) throws IOException {
        int at = offset;
        int left = length;
        while (left > 0) {
            int n = Math.min(left, buffer.remaining());
            buffer.put(bytes, at, n);
            at += n;
            left -= n;
            if (!buffer.hasRemaining()) {
                writeBuffer();
            }
        }
        this.length += length;
    }

    @Override
    public void sync() throws IOException {
        writeOut();
        channel.force(true);
    }

    @Override
    public void close() throws IOException {
        try {
            channel.close();
        } finally {
            if (buffer != null) {
                buffer.clear();
                POOL.offer(buffer);
                buffer = null;
            }
        }
    }

    /** Writes the buffered tail as whole blocks and cuts the file back to the bytes appended. */
    private void writeOut() throws IOException {
        int tail = buffer.position();
        if (tail > 0) {
            buffer.position(roundUp(tail)); // the padding is stale buffer content, cut off below
            writeBuffer();
            channel.truncate(length);
        }
    }

    private void writeBuffer() throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        buffer.clear();
    }

    private int roundUp(int n) {
        return (n + alignment - 1) & -alignment;
    }

    private static ByteBuffer takeBuffer(int alignment) {
        ByteBuffer pooled = POOL.poll();
        if (pooled != null && pooled.alignmentOffset(0, alignment) == 0) {
            return pooled;
        }
        return ByteBuffer.allocateDirect(BUFFER_BYTES + alignment).alignedSlice(alignment).slice(0, BUFFER_BYTES);
    }
}
