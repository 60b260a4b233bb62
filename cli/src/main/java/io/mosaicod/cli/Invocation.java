package io.mosaicod.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;

/** What one run of mosaicod sees of its process: environment variables, working directory, output streams. */
record Invocation(Map<String, String> env, Path workingDir, PrintWriter out, PrintWriter err) {
    Invocation {
        env = Map.copyOf(env);
        workingDir = workingDir.toAbsolutePath().normalize();
    }
}
