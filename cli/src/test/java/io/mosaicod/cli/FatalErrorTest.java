package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.MosaicodConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A command whose work fails exits 1 with one line; the stack trace follows only at debug level. */
class FatalErrorTest {
    @TempDir
    Path dir;

    static final class FailingCommand extends ConfiguredCommand {
        FailingCommand(Invocation invocation) {
            super(invocation);
        }

        @Override
        CommandSpec baseSpec() {
            return CommandSpec.of("boom", "Fails.").withOptions(List.of(
                    CommandSpec.Option.flag(List.of("--out-of-memory"), "Fails with an Error.")));
        }

        @Override
        int run(MosaicodConfig config, CommandArguments arguments) {
            if (arguments.flag("--out-of-memory")) {
                throw new OutOfMemoryError("Java heap space");
            }
            throw new IllegalStateException("repository unreachable at db.internal:5432",
                    new java.net.ConnectException("Connection refused"));
        }
    }

    private String[] runBoom(String... args) {
        StringWriter err = new StringWriter();
        Invocation invocation = new Invocation(Map.of(), dir, new PrintWriter(new StringWriter()), new PrintWriter(err, true));
        Command root = new MosaicodCommand(invocation, List.of(new FailingCommand(invocation)));
        String[] argv = new String[args.length + 1];
        argv[0] = "boom";
        System.arraycopy(args, 0, argv, 1, args.length);
        int code = Main.execute(root, argv, invocation);
        return new String[] {Integer.toString(code), err.toString()};
    }

    @Test
    void aRuntimeFailureIsOneLineWithExitCode1() {
        String[] result = runBoom("--log-level", "warning");
        assertThat(result[0]).isEqualTo("1");
        assertThat(result[1].lines()).containsExactly(
                "mosaicod: boom failed: repository unreachable at db.internal:5432: Connection refused");
    }

    @Test
    void anErrorIsOneLineWithExitCode1Too() {
        String[] result = runBoom("--out-of-memory", "--log-level", "warning");
        assertThat(result[0]).isEqualTo("1");
        assertThat(result[1].lines()).containsExactly("mosaicod: boom failed: OutOfMemoryError: Java heap space");
    }

    @Test
    void atDebugLevelTheStackTraceFollows() {
        String[] result = runBoom("--log-level", "debug");
        assertThat(result[0]).isEqualTo("1");
        assertThat(result[1].lines().toList()).hasSizeGreaterThan(2).first().asString().startsWith("mosaicod: boom failed");
        assertThat(result[1]).contains("\tat io.mosaicod.cli.FatalErrorTest$FailingCommand.run");
    }
}
