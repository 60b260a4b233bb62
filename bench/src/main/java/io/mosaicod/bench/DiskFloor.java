package io.mosaicod.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;

/**
 * The physical floor of a rewrite on this machine: reading the input cold, plus writing the output and
 * syncing it to disk. No rewrite can beat the sum; the optimizer's wall time is reported as a multiple of it.
 */
final class DiskFloor {
    /** Seconds to read {@code inputBytes} cold and to write and sync {@code outputBytes}. */
    record Floor(double readSeconds, long inputBytes, double writeSeconds, long outputBytes) {
        double seconds() {
            return readSeconds + writeSeconds;
        }

        double readMBps() {
            return inputBytes / 1e6 / readSeconds;
        }

        double writeMBps() {
            return outputBytes / 1e6 / writeSeconds;
        }
    }

    private DiskFloor() {
    }

    static Floor measure(List<Path> inputs, long outputBytes, Path scratch) throws IOException {
        PageCache.drop();
        long started = System.nanoTime();
        long read = readAll(inputs);
        double readSeconds = (System.nanoTime() - started) / 1e9;
        Path file = scratch.resolve("floor.bin");
        double writeSeconds = writeSynced(file, outputBytes);
        Files.delete(file);
        return new Floor(readSeconds, read, writeSeconds, outputBytes);
    }

    /**
     * This machine's disk bandwidth, for the report's header: writes and syncs {@code bytes} of incompressible
     * data, then reads them back with the page cache dropped (if this process may drop it; else the read is
     * from memory and says nothing about the disk: see {@link PageCache}).
     */
    static Floor probe(Path scratch, long bytes) throws IOException {
        Path file = scratch.resolve("disk-probe.bin");
        double writeSeconds = writeSynced(file, bytes);
        PageCache.drop();
        long started = System.nanoTime();
        long read = readAll(List.of(file));
        double readSeconds = (System.nanoTime() - started) / 1e9;
        Files.delete(file);
        return new Floor(readSeconds, read, writeSeconds, bytes);
    }

    private static long readAll(List<Path> inputs) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
        long read = 0;
        for (Path input : inputs) {
            try (FileChannel channel = FileChannel.open(input, StandardOpenOption.READ)) {
                int n;
                while ((n = channel.read(buffer.clear())) > 0) {
                    read += n;
                }
            }
        }
        return read;
    }

    /** Seconds to write {@code bytes} to {@code file} and {@code fdatasync} it. */
    private static double writeSynced(Path file, long bytes) throws IOException {
        byte[] random = new byte[1 << 20];
        new Random(1).nextBytes(random); // incompressible, like the payloads
        long started = System.nanoTime();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (long written = 0; written < bytes; written += random.length) {
                ByteBuffer chunk = ByteBuffer.wrap(random, 0, (int) Math.min(random.length, bytes - written));
                while (chunk.hasRemaining()) {
                    channel.write(chunk);
                }
            }
            channel.force(false);
        }
        return (System.nanoTime() - started) / 1e9;
    }
}
