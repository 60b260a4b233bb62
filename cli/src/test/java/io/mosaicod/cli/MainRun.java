package io.mosaicod.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** One run of the real {@link Main} entry, with an injected environment and captured output. */
record MainRun(int exitCode, String out, String err) {

    static MainRun of(Path workingDir, Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, env, workingDir, new PrintWriter(out), new PrintWriter(err));
        return new MainRun(code, out.toString(), err.toString());
    }

    List<String> errLines() {
        return err.lines().toList();
    }
}
