package io.mosaicod.testkit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A real {@code mosaicod} process (a child JVM running the cli's {@code Main} on the test classpath), for
 * tests that kill, pause or signal it. Its stderr (the log) is collected line by line so a test can wait
 * for a step. The child inherits no {@code MOSAICOD_*} variable of the test JVM: only those given.
 */
public final class ChildMosaicod implements AutoCloseable {
    /** The entry point, named rather than referenced: the testkit sits below the cli in the build. */
    private static final String MAIN_CLASS = "io.mosaicod.cli.Main";

    private final Process process;
    private final List<String> log = new ArrayList<>();
    private final Thread drain;

    private ChildMosaicod(Process process) {
        this.process = process;
        this.drain = new Thread(this::collectLog, "child-log-" + process.pid());
        this.drain.setDaemon(true);
        this.drain.start();
    }

    /** Starts {@code mosaicod args...} with {@code env} added to the environment. */
    public static ChildMosaicod start(Map<String, String> env, String... args) throws IOException {
        return start(env, List.of(), args);
    }

    /** Same, with extra JVM options (e.g. {@code -Djava.io.tmpdir=...}) before the main class. */
    public static ChildMosaicod start(Map<String, String> env, List<String> jvmOptions, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(
                javaExecutable(), "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx512m", "-XX:+UseSerialGC"));
        if (args.length == 0 || !args[0].equals("server")) {
            // as bin/mosaicod runs the commands that finish: the quick compiler only
            command.add("-XX:TieredStopAtLevel=1");
        }
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), MAIN_CLASS));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().keySet().removeIf(name -> name.startsWith("MOSAICOD_"));
        builder.environment().putAll(env);
        return new ChildMosaicod(builder.start());
    }

    /**
     * Runs a launcher script (e.g. a release's {@code bin/mosaicod}) in {@code workingDir} with exactly {@code env}
     * as its environment: nothing of the test JVM's, so a test controls what the launcher can find on the PATH.
     */
    public static ChildMosaicod launch(Path launcher, Map<String, String> env, Path workingDir, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workingDir.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().clear();
        builder.environment().putAll(env);
        return new ChildMosaicod(builder.start());
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
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
    public String awaitLog(Predicate<String> match, Duration timeout) throws InterruptedException {
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

    public String log() {
        synchronized (log) {
            return String.join("\n", log);
        }
    }

    /** The log lines collected so far. */
    public List<String> logLines() {
        synchronized (log) {
            return List.copyOf(log);
        }
    }

    /** Sends a POSIX signal (TERM, INT, KILL, STOP, CONT) with {@code kill}. */
    public void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new IOException("kill -" + name + " " + process.pid() + " failed");
        }
    }

    /**
     * {@code kill -9} (SIGKILL: no shutdown hook runs), unless the process has already ended.
     *
     * @return false if it had already ended
     */
    public boolean killHard() {
        if (!process.isAlive()) {
            return false;
        }
        process.destroyForcibly(); // SIGKILL on POSIX systems
        return true;
    }

    /** Waits for the process to end and returns its exit code. */
    public int awaitExit(Duration timeout) throws InterruptedException {
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
