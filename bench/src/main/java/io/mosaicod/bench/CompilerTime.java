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
    /** Linux reports thread times in clock ticks of 1/100 s on every architecture the harness runs on. */
    private static final double TICK_SECONDS = 0.01;

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
            if (!name.startsWith("C1 ") && !name.startsWith("C2 ")) {
                return 0;
            }
            String stat = Files.readString(thread.resolve("stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * TICK_SECONDS; // utime, stime
        } catch (IOException e) {
            return 0; // the thread ended meanwhile
        }
    }
}
