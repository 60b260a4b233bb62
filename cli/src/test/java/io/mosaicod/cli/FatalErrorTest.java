package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.MosaicodConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** A command whose work fails exits 1 with one line; the stack trace follows only at debug level. */
class FatalErrorTest {
    @TempDir
    Path dir;

    @Command(name = "boom")
    static final class FailingCommand extends ConfiguredCommand {
        FailingCommand(Invocation invocation) {
            super(invocation);
        }

        @Override
        int run(MosaicodConfig config) {
            throw new IllegalStateException("repository unreachable at db.internal:5432");
        }
    }

    private String[] runBoom(String... args) {
        Invocation invocation = new Invocation(Map.of(), dir);
        CommandLine root = Main.commandLine(invocation);
        FailingCommand boom = new FailingCommand(invocation);
        CommandLine boomLine = new CommandLine(boom);
        SettingOptions.add(boomLine.getCommandSpec(), boom.allFlaggedSettings());
        root.addSubcommand(boomLine);
        StringWriter err = new StringWriter();
        root.setErr(new PrintWriter(err, true));
        String[] argv = new String[args.length + 1];
        argv[0] = "boom";
        System.arraycopy(args, 0, argv, 1, args.length);
        int code = root.execute(argv);
        return new String[] {Integer.toString(code), err.toString()};
    }

    @Test
    void aRuntimeFailureIsOneLineWithExitCode1() {
        String[] result = runBoom("--log-level", "warning");
        assertThat(result[0]).isEqualTo("1");
        assertThat(result[1].lines()).containsExactly(
                "mosaicod: boom failed: java.lang.IllegalStateException: repository unreachable at db.internal:5432");
    }

    @Test
    void atDebugLevelTheStackTraceFollows() {
        String[] result = runBoom("--log-level", "debug");
        assertThat(result[0]).isEqualTo("1");
        assertThat(result[1].lines().toList()).hasSizeGreaterThan(2).first().asString().startsWith("mosaicod: boom failed");
        assertThat(result[1]).contains("\tat io.mosaicod.cli.FatalErrorTest$FailingCommand.run");
    }
}
