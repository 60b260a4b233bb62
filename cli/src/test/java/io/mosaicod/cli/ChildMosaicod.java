package io.mosaicod.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A real {@code mosaicod} process (a child JVM running {@link Main} on the test classpath), for tests that
 * kill, pause or signal it. Its stderr (the log) is collected line by line so a test can wait for a step.
 */
final class ChildMosaicod implements AutoCloseable {
    private final Process process;
    private final List<String> log = new ArrayList<>();
    private final Thread drain;

    private ChildMosaicod(Process process) {
        this.process = process;
        this.drain = new Thread(this::collectLog, "child-log-" + process.pid());
        this.drain.setDaemon(true);
        this.drain.start();
    }

    static ChildMosaicod start(Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                javaExecutable(), "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx512m",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().keySet().removeIf(name -> name.startsWith("MOSAICOD_"));
        builder.environment().putAll(env);
        return new ChildMosaicod(builder.start());
    }

    long pid() {
        return process.pid();
    }

    private void collectLog() {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                synchronized (log) {
                    log.add(line);
                    log.notifyAll();
                }
            }
        } catch (IOException ignored) {
            // the process ended
        }
    }

    /** Waits until a log line matches; fails after {@code timeout} or if the process ends first. */
    String awaitLog(Predicate<String> match, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (log) {
            int seen = 0;
            while (true) {
                for (; seen < log.size(); seen++) {
                    if (match.test(log.get(seen))) {
                        return log.get(seen);
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0 || (!process.isAlive() && !drain.isAlive())) {
                    throw new AssertionError("no matching log line within " + timeout + "; log:\n" + String.join("\n", log));
                }
                TimeUnit.NANOSECONDS.timedWait(log, Math.min(left, TimeUnit.MILLISECONDS.toNanos(200)));
            }
        }
    }

    String log() {
        synchronized (log) {
            return String.join("\n", log);
        }
    }

    /** Sends a POSIX signal (TERM, INT, KILL, STOP, CONT) with {@code kill}. */
    void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new IOException("kill -" + name + " " + process.pid() + " failed");
        }
    }

    /** Waits for the process to end and returns its exit code. */
    int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("mosaicod did not exit within " + timeout + "; log:\n" + log());
        }
        drain.join(timeout.toMillis());
        return process.exitValue();
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    private static String javaExecutable() {
        return java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
