package io.mosaicod.cli;

import io.mosaicod.core.FailureText;
import io.mosaicod.core.config.ConfigException;
import io.mosaicod.core.io.NettyDirectBuffers;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Entry point of the {@code mosaicod} executable. The command line is parsed by {@link CommandLineParser}, not
 * a library: picocli's Java 5 class files cannot be held in the JVM's class archive, which slowed every
 * command's start-up (docs/bench-results/2026-12-07-history-optimizer.md, "Where the time went").
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        NettyDirectBuffers.allowUnzeroedPools();
        PrintWriter out = new PrintWriter(System.out, true, Charset.defaultCharset());
        PrintWriter err = new PrintWriter(System.err, true, Charset.defaultCharset());
        System.exit(execute(args, System.getenv(), Path.of(""), out, err));
    }

    /**
     * Runs one command line and returns its exit code ({@link ExitCode}); everything the process depends on
     * is passed in, so tests run the real entry with their own environment and captured output.
     */
    public static int execute(String[] args, Map<String, String> env, Path workingDir, PrintWriter out,
                              PrintWriter err) {
        StartupWarmUp.start(args.length > 0 && args[0].equals(StoreOptimizerCommand.NAME));
        Invocation invocation = new Invocation(env, workingDir, out, err);
        try {
            return execute(new MosaicodCommand(invocation), args, invocation);
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** Parses {@code args} against the command tree under {@code root} and runs the command they name. */
    static int execute(Command root, String[] args, Invocation invocation) {
        CommandLineParser parser = new CommandLineParser(root);
        try {
            CommandLineParser.Parsed parsed = parser.parse(args);
            return switch (parsed.request()) {
                case HELP -> {
                    invocation.out().print(HelpText.of(parsed.path()));
                    yield ExitCode.OK;
                }
                case VERSION -> {
                    invocation.out().println("mosaicod " + VersionProvider.version());
                    yield ExitCode.OK;
                }
                case RUN -> parsed.command().execute(parsed.arguments());
            };
        } catch (UsageException e) {
            return usageError(e, parser.path(), invocation.err());
        } catch (Exception | Error e) { // an Error too (out of memory, a native library missing): one line, not a trace
            return executionError(e, parser.path(), invocation.err());
        }
    }

    /** Bad usage: one line naming the problem and where help is, exit code 2. */
    private static int usageError(UsageException e, List<Command> path, PrintWriter err) {
        String see = e.seeAlso().orElse(HelpText.qualifiedName(path) + " --help");
        err.println("mosaicod: " + oneLine(e.getMessage()) + " (see '" + see + "')");
        return ExitCode.USAGE;
    }

    /** A configuration error is a usage error; anything else is fatal, with a stack trace only at debug level. */
    private static int executionError(Throwable e, List<Command> path, PrintWriter err) {
        if (e instanceof ConfigException) {
            err.println("mosaicod: " + oneLine(e.getMessage()));
            return ExitCode.USAGE;
        }
        Command command = path.get(path.size() - 1);
        // an Error's message alone ("Java heap space") does not say what happened
        String text = e instanceof Error ? e.getClass().getSimpleName() + ": " + FailureText.of(e) : FailureText.of(e);
        err.println("mosaicod: " + CommandLineParser.commandName(path) + " failed: " + oneLine(text));
        if (command instanceof ConfiguredCommand c && c.debug()) {
            e.printStackTrace(err);
        }
        return ExitCode.FATAL;
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
