package io.mosaicod.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The CPU time a JVM's JIT compiler threads have used so far, from {@code /proc} (Linux; 0 elsewhere): what a
 * timed read spends compiling instead of reading shows whether its warm-up was long enough.
 */
final class CompilerTime {
    private CompilerTime() {
    }

    /** Seconds of CPU the compiler threads ({@code C1 …}, {@code C2 …}) of process {@code pid} have used. */
    static double seconds(long pid) {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        if (!Files.isDirectory(tasks)) {
            return 0;
        }
        double seconds = 0;
        try (Stream<Path> threads = Files.list(tasks)) {
            for (Path thread : threads.toList()) {
                seconds += compilerSeconds(thread);
            }
        } catch (IOException e) {
            return 0; // the process ended: nothing more compiles
        }
        return seconds;
    }

    private static double compilerSeconds(Path thread) {
        try {
            String name = Files.readString(thread.resolve("comm")).trim();
            return name.startsWith("C1 ") || name.startsWith("C2 ") ? ChildJvm.cpuSeconds(thread.resolve("stat")) : 0;
        } catch (IOException e) {
            return 0; // the thread ended meanwhile
        }
    }
}
