package io.mosaicod.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Cold-cache measurements: drops the Linux page cache before a timed step, where the benchmark may (root). */
final class PageCache {
    private static final Path DROP = Path.of("/proc/sys/vm/drop_caches");

    private PageCache() {
    }

    /** Flushes dirty pages and drops the page cache; false if this process may not. */
    static boolean drop() {
        try {
            new ProcessBuilder("sync").inheritIO().start().waitFor();
            Files.writeString(DROP, "3");
            return true;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
