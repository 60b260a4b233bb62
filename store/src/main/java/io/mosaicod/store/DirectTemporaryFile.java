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
 * (docs/bench-results/2026-12-07-history-optimizer.md, "Where the time went"). The last, partial block is
 * written padded and the file then truncated to its length; {@link #sync()} still fsyncs, since a direct write
 * may sit in the device's cache.
 *
 * <p>The file is created when the first buffer is full. An object smaller than one buffer is written through the
 * page cache instead, in one write when it ends: a direct write waits for the device, which then waits twice per
 * small object (the write, then the fsync), while a buffered one leaves the device's work to the fsync; and a
 * small object has no padding to cut off (docs/benchmarks.md, fleet).
 */
final class DirectTemporaryFile implements TemporaryFile {
    /**
     * Bytes per write: large enough that writes keep their share of a disk other reads use at the same time
     * (docs/bench-results/2026-12-07-history-optimizer.md, "Where the time went"). The buffers are pooled, since a
     * writer per chunk would otherwise allocate one each.
     */
    static final int BUFFER_BYTES = 4 << 20;
    /** Buffers kept for reuse: a handful of concurrent writers; more simply allocate. */
    private static final BlockingQueue<ByteBuffer> POOL = new ArrayBlockingQueue<>(8);

    private final Path path;
    private final int alignment;
    private FileChannel channel;
    private ByteBuffer buffer;
    private long length;

    private DirectTemporaryFile(Path path, int alignment, ByteBuffer buffer) {
        this.path = path;
        this.alignment = alignment;
        this.buffer = buffer;
    }

    /** The file at {@code path}, created new when the first bytes are written out. */
    static DirectTemporaryFile create(Path path, int alignment) {
        return new DirectTemporaryFile(path, alignment, takeBuffer(alignment));
    }

    /**
     * The alignment direct writes in {@code directory} need (its file system's block size), or empty when that
     * file system refuses them; decided by writing a block to a probe file, which is removed.
     */
    static OptionalInt alignmentFor(Path directory, String probeName) {
        Path probe = directory.resolve(probeName);
        try {
            int alignment = Math.max(4096, Math.toIntExact(Files.getFileStore(directory).getBlockSize()));
            if (Integer.bitCount(alignment) != 1 || BUFFER_BYTES % alignment != 0) {
                return OptionalInt.empty();
            }
            ByteBuffer block = ByteBuffer.allocateDirect(2 * alignment).alignedSlice(alignment).slice(0, alignment);
            try (FileChannel direct = FileChannel.open(probe, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                    ExtendedOpenOption.DIRECT)) {
                direct.write(block);
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
            if (channel != null) {
                channel.close();
            }
        } finally {
            giveBackBuffer();
        }
    }

    /**
     * Writes the buffered tail (a small object's every byte through the page cache, a large one's last as whole
     * direct blocks, then cut back to the bytes appended) and pools the buffer.
     */
    @Override
    public void writeOut() throws IOException {
        if (buffer == null) {
            return;
        }
        if (channel == null) {
            channel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            writeBuffer();
        } else if (buffer.position() > 0) {
            buffer.position(roundUp(buffer.position())); // the padding is stale buffer content, cut off below
            writeBuffer();
            channel.truncate(length);
        }
        giveBackBuffer();
    }

    private void giveBackBuffer() {
        if (buffer != null) {
            buffer.clear();
            POOL.offer(buffer);
            buffer = null;
        }
    }

    private void writeBuffer() throws IOException {
        if (channel == null) {
            channel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                    ExtendedOpenOption.DIRECT);
        }
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
