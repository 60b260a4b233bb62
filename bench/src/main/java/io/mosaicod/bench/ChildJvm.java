package io.mosaicod.bench;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one measured step in a fresh JVM, as an operator would run it, and reports its wall time, peak
 * resident memory (Linux {@code VmHWM}) and CPU time (user + system), both sampled every 20 ms while it runs.
 * CPU time next to wall time tells waiting (for a lock, a disk, or a core another process holds) from work.
 */
final class ChildJvm {
    /** What a measured process did; its output (a log) stays out of the JSON results. */
    record Measurement(double seconds, long peakRssBytes, double cpuSeconds, int exitCode, @JsonIgnore String output) {
    }

    /** The harness runs from the repository root, as its documented command does. */
    static final Path LAUNCHER = Path.of(System.getProperty("mosaicod.root", ".")).toAbsolutePath()
            .normalize().resolve("bin/mosaicod");

    /** Linux's USER_HZ, the unit of the CPU times in {@code /proc/<pid>/stat} (100 on every common build). */
    private static final double TICKS_PER_SECOND = 100;

    private ChildJvm() {
    }

    /** A main class of the harness's own class path. */
    static Measurement run(List<String> jvmOptions, String mainClass, List<String> args, Map<String, String> env,
                           Path logFile) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("--add-opens=java.base/java.nio=ALL-UNNAMED");
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(args);
        return run(command, env, logFile);
    }

    /**
     * A mosaicod command through {@code bin/mosaicod}, exactly as an operator runs it (the launcher's JVM options
     * and class archive included), from the packaged build: {@code MOSAICOD_NO_BUILD=1}.
     */
    static Measurement mosaicod(List<String> args, Map<String, String> env, Path logFile)
            throws IOException, InterruptedException {
        return mosaicod(LAUNCHER, args, env, logFile);
    }

    /** The same through another build's launcher (another checkout's {@code bin/mosaicod}). */
    static Measurement mosaicod(Path launcher, List<String> args, Map<String, String> env, Path logFile)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(launcher.toString());
        command.addAll(args);
        Map<String, String> withoutBuild = new HashMap<>(env);
        withoutBuild.put("MOSAICOD_NO_BUILD", "1");
        return run(command, withoutBuild, logFile);
    }

    /**
     * Lets the launcher prepare what it prepares once per build (its class archive) before anything is timed;
     * fails if the packaged build is missing or stale.
     */
    static void prepareLauncher(Path logFile) throws IOException, InterruptedException {
        prepareLauncher(LAUNCHER, logFile);
    }

    static void prepareLauncher(Path launcher, Path logFile) throws IOException, InterruptedException {
        Measurement m = run(List.of(launcher.toString(), "--version"), Map.of(), logFile);
        if (m.exitCode() != 0) {
            throw new IllegalStateException(launcher + " --version failed (exit " + m.exitCode() + "):\n" + m.output());
        }
    }

    private static Measurement run(List<String> command, Map<String, String> env, Path logFile)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(logFile.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("MOSAICOD_"));
        builder.environment().putAll(env);
        long started = System.nanoTime();
        Process process = builder.start();
        Path proc = Path.of("/proc", Long.toString(process.pid()));
        long peak = 0;
        long cpuTicks = 0;
        do { // waitFor returns as the process ends: the wall time is not rounded up to the sampling interval
            peak = Math.max(peak, peakRss(proc.resolve("status")));
            cpuTicks = Math.max(cpuTicks, cpuTicks(proc.resolve("stat")));
        } while (!process.waitFor(20, TimeUnit.MILLISECONDS));
        double seconds = (System.nanoTime() - started) / 1e9;
        return new Measurement(seconds, peak, cpuTicks / TICKS_PER_SECOND, process.waitFor(), Files.readString(logFile));
    }

    /** CPU seconds (user + system) a running process has used so far; 0 once it ended. */
    static double cpuSeconds(long pid) {
        return cpuSeconds(Path.of("/proc", Long.toString(pid), "stat"));
    }

    /** The same from a {@code stat} file of {@code /proc}: a process's, or one thread's ({@code task/<tid>/stat}). */
    static double cpuSeconds(Path stat) {
        return cpuTicks(stat) / TICKS_PER_SECOND;
    }

    /** utime + stime: fields 14 and 15 of {@code stat}, counted after the parenthesised command name. */
    private static long cpuTicks(Path stat) {
        try {
            String text = Files.readString(stat);
            String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (IOException | RuntimeException gone) {
            return 0; // the process just ended
        }
    }

    /** Peak resident memory ({@code VmHWM}) of a running process, from its {@code /proc/<pid>/status}; 0 once it ended. */
    static long peakRss(Path status) {
        return statusBytes(status, "VmHWM:");
    }

    /** Resident memory now ({@code VmRSS}) of a running process; 0 once it ended. */
    static long residentBytes(long pid) {
        return statusBytes(Path.of("/proc", Long.toString(pid), "status"), "VmRSS:");
    }

    /** A kB figure of {@code /proc/<pid>/status}, in bytes. */
    private static long statusBytes(Path status, String field) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith(field)) {
                    return Long.parseLong(line.replaceAll("\\D+", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException gone) {
            // the process just ended
        }
        return 0;
    }
}
