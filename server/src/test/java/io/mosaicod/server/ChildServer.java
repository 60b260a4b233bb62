package io.mosaicod.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A server in a child JVM ({@link ServerMain}) on the test's classpath, configured by {@code MOSAICOD_*}
 * variables, so that a test can {@code kill -9} it mid-request.
 */
final class ChildServer implements AutoCloseable {
    private final Process process;
    private final Path log;
    private final int port;

    private ChildServer(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    static ChildServer start(Map<String, String> environment) throws IOException, InterruptedException {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx512m", "-cp", classpath,
                ServerMain.class.getName()));
        Path log = Files.createTempFile("mosaicod-child-server-", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(log.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("MOSAICOD_"));
        builder.environment().putAll(environment);
        builder.environment().put("MOSAICOD_HOST", "127.0.0.1");
        builder.environment().put("MOSAICOD_PORT", "0");
        Process process = builder.start();
        BufferedReader stdout = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        String line;
        while ((line = stdout.readLine()) != null) {
            if (line.startsWith(ServerMain.READY_LINE)) {
                int port = Integer.parseInt(line.substring(ServerMain.READY_LINE.length()).trim());
                Thread drain = new Thread(() -> stdout.lines().forEach(l -> { }), "child-server-stdout");
                drain.setDaemon(true);
                drain.start();
                return new ChildServer(process, log, port);
            }
        }
        process.waitFor(10, TimeUnit.SECONDS);
        throw new IllegalStateException("the child server exited with " + process.exitValue() + " before it was "
                + "ready:\n" + Files.readString(log));
    }

    int port() {
        return port;
    }

    /** {@code kill -9}: the process gets no chance to clean up. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            process.destroy(); // SIGTERM: the server's shutdown hook stops it cleanly
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        Files.deleteIfExists(log);
    }
}
