package io.mosaicod.cli;

import java.nio.file.Path;
import java.util.Map;

/** What one run of mosaicod sees of its process: environment variables and working directory. */
record Invocation(Map<String, String> env, Path workingDir) {
    Invocation {
        env = Map.copyOf(env);
        workingDir = workingDir.toAbsolutePath().normalize();
    }
}
