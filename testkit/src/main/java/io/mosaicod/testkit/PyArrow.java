package io.mosaicod.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A Python with {@code pyarrow} for tests that check the server with an independent client in another
 * language. {@code MOSAICOD_TEST_PYTHON} names it ({@code .ci/run} installs pyarrow in a virtual environment
 * and sets it); without it the machine's {@code python3} is tried, and a test finding no pyarrow there is
 * skipped, saying how to get one. A Python named explicitly must work: the test fails rather than skips.
 */
public final class PyArrow {
    public static final String ENV = "MOSAICOD_TEST_PYTHON";
    private static final long TIMEOUT_SECONDS = 300;

    private final String python;

    private PyArrow(String python) {
        this.python = python;
    }

    /** The Python to use, or the calling test is skipped (aborted) when none is named and none has pyarrow. */
    public static PyArrow find() throws IOException, InterruptedException {
        String named = System.getenv(ENV);
        String python = named == null || named.isBlank() ? "python3" : named;
        Run probe;
        try {
            probe = new PyArrow(python).run(List.of("-c", "import pyarrow.flight; print(pyarrow.__version__)"));
        } catch (IOException e) {
            probe = new Run(-1, e.toString());
        }
        if (probe.exitCode() != 0) {
            if (named != null && !named.isBlank()) {
                throw new AssertionError(ENV + "=" + named + " cannot import pyarrow.flight: " + probe.output());
            }
            Assumptions.abort("no pyarrow for python3 here: run .ci/run, or set " + ENV
                    + " to a Python with pyarrow (python3 -m venv V && V/bin/pip install pyarrow)");
        }
        return new PyArrow(python);
    }

    /** Runs {@code script} with {@code args}; its standard output and error together. */
    public Run runScript(Path script, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(script.toString());
        command.addAll(args);
        return run(command);
    }

    private Run run(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(python);
        command.addAll(args);
        Path log = Files.createTempFile("pyarrow-", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            process.getOutputStream().close();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new AssertionError(command + " still running after " + TIMEOUT_SECONDS + " s:\n"
                        + Files.readString(log, StandardCharsets.UTF_8));
            }
            return new Run(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** How a Python run ended. */
    public record Run(int exitCode, String output) {
    }
}
