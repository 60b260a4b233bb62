package io.mosaicod.bench;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs one measured step in a fresh JVM, as an operator would run it, and reports its wall time and peak
 * resident memory (Linux {@code VmHWM}, sampled every 20 ms while it runs).
 */
final class ChildJvm {
    /** What a measured process did; its output (a log) stays out of the JSON results. */
    record Measurement(double seconds, long peakRssBytes, int exitCode, @JsonIgnore String output) {
    }

    private ChildJvm() {
    }

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
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(logFile.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("MOSAICOD_"));
        builder.environment().putAll(env);
        long started = System.nanoTime();
        Process process = builder.start();
        Path status = Path.of("/proc", Long.toString(process.pid()), "status");
        long peak = 0;
        while (process.isAlive()) {
            peak = Math.max(peak, peakRss(status));
            Thread.sleep(20);
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        return new Measurement(seconds, peak, process.waitFor(), Files.readString(logFile));
    }

    private static long peakRss(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("\\D+", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException gone) {
            // the process just ended
        }
        return 0;
    }
}
