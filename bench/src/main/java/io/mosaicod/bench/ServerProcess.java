package io.mosaicod.bench;

import io.mosaicod.testkit.ChildMosaicod;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * A {@code mosaicod server} child process of the harness, started on a free loopback port and returned once it
 * listens. {@link #launch} starts it through {@code bin/mosaicod} exactly as an operator does (the launcher's JVM
 * options and class archive); {@link #start} as testkit's {@link ChildMosaicod} does (the cli's {@code Main} on
 * the harness's class path, {@code -Xmx512m}, the serial collector).
 */
final class ServerProcess implements AutoCloseable {
    /** A cold start on 2 busy cores, class archive missing, takes seconds; minutes mean it is stuck. */
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration STOP_TIMEOUT = Duration.ofMinutes(1);

    private final ChildMosaicod process;
    private final int port;

    private ServerProcess(ChildMosaicod process) throws InterruptedException {
        this.process = process;
        try {
            String ready = process.awaitLog(line -> line.contains("server listening on"), START_TIMEOUT);
            this.port = Integer.parseInt(ready.substring(ready.lastIndexOf(':') + 1).replaceAll("\\D.*", ""));
        } catch (InterruptedException | RuntimeException | Error e) {
            process.close();
            throw e;
        }
    }

    /**
     * {@code bin/mosaicod server} with only {@code deployment}'s variables (and this JVM's java first on the PATH),
     * its working directory and HOME in {@code folder} so no user config is read.
     */
    static ServerProcess launch(Map<String, String> deployment, Path folder)
            throws IOException, InterruptedException {
        Map<String, String> env = new HashMap<>(deployment);
        env.put("MOSAICOD_PORT", "0");
        env.put("MOSAICOD_NO_BUILD", "1");
        env.put("HOME", folder.toString());
        env.put("PATH", Path.of(System.getProperty("java.home"), "bin") + ":" + System.getenv("PATH"));
        return new ServerProcess(ChildMosaicod.launch(ChildJvm.LAUNCHER, env, folder, "server"));
    }

    /** The cli's {@code Main} as testkit's {@link ChildMosaicod} runs it, with {@code env}'s variables. */
    static ServerProcess start(Map<String, String> env) throws IOException, InterruptedException {
        Map<String, String> withPort = new HashMap<>(env);
        withPort.put("MOSAICOD_PORT", "0");
        return new ServerProcess(ChildMosaicod.start(withPort, "server"));
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    /** The process's peak resident memory so far ({@code VmHWM}). */
    long peakRssBytes() {
        return ChildJvm.peakRss(Path.of("/proc", Long.toString(pid()), "status"));
    }

    /**
     * Stops it as an operator does ({@code SIGTERM}) and waits for it to exit, so that it closes its repository
     * cleanly (closing the process kills it instead).
     */
    void stop() throws IOException, InterruptedException {
        process.signal("TERM");
        process.awaitExit(STOP_TIMEOUT);
    }

    @Override
    public void close() {
        process.close();
    }
}
