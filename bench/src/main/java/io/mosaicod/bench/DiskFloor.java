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
        ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
        long read = 0;
        long started = System.nanoTime();
        for (Path input : inputs) {
            try (FileChannel channel = FileChannel.open(input, StandardOpenOption.READ)) {
                int n;
                while ((n = channel.read(buffer.clear())) > 0) {
                    read += n;
                }
            }
        }
        double readSeconds = (System.nanoTime() - started) / 1e9;

        byte[] random = new byte[1 << 20];
        new Random(1).nextBytes(random); // incompressible, like the payloads
        Path file = scratch.resolve("floor.bin");
        started = System.nanoTime();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (long written = 0; written < outputBytes; written += random.length) {
                ByteBuffer chunk = ByteBuffer.wrap(random, 0, (int) Math.min(random.length, outputBytes - written));
                while (chunk.hasRemaining()) {
                    channel.write(chunk);
                }
            }
            channel.force(false);
        }
        double writeSeconds = (System.nanoTime() - started) / 1e9;
        Files.delete(file);
        return new Floor(readSeconds, read, writeSeconds, outputBytes);
    }
}
