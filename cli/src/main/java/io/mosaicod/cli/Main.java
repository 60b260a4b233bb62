package io.mosaicod.cli;

import io.mosaicod.core.config.ConfigException;
import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.IFactory;
import picocli.CommandLine.ParameterException;

/** Entry point of the {@code mosaicod} executable. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
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
        CommandLine commandLine = commandLine(new Invocation(env, workingDir), args.length > 0 ? args[0] : "");
        commandLine.setOut(out);
        commandLine.setErr(err);
        try {
            return commandLine.execute(args);
        } finally {
            out.flush();
            err.flush();
        }
    }

    static CommandLine commandLine(Invocation invocation) {
        return commandLine(invocation, "");
    }

    /**
     * The command line with only the subcommand named {@code first} if there is one by that name (other than
     * {@code help}, which needs the others), else with all of them: picocli builds each subcommand's model by reflection, which took ~0.1 s of every command's
     * start-up when all were built.
     */
    private static CommandLine commandLine(Invocation invocation, String first) {
        InvocationFactory factory = new InvocationFactory(invocation);
        CommandLine root = new CommandLine(MosaicodCommand.class, factory);
        List<Class<?>> named = MosaicodCommand.SUBCOMMANDS.stream()
                .filter(c -> c != HelpCommand.class && c.getAnnotation(Command.class).name().equals(first)).toList();
        for (Class<?> subcommand : named.isEmpty() ? MosaicodCommand.SUBCOMMANDS : named) {
            root.addSubcommand(new CommandLine(subcommand, factory));
        }
        addSettingOptions(root);
        root.setParameterExceptionHandler(Main::usageError);
        root.setExecutionExceptionHandler(Main::executionError);
        return root;
    }

    private static void addSettingOptions(CommandLine command) {
        if (command.getCommand() instanceof ConfiguredCommand configured) {
            SettingOptions.add(command.getCommandSpec(), configured.allFlaggedSettings());
        }
        command.getSubcommands().values().forEach(Main::addSettingOptions);
    }

    /** Bad usage: one line naming the problem and where help is, exit code 2. */
    private static int usageError(ParameterException e, String[] args) {
        String command = e.getCommandLine().getCommandSpec().qualifiedName(" ");
        e.getCommandLine().getErr().println("mosaicod: " + oneLine(e.getMessage()) + " (see '" + command + " --help')");
        return ExitCode.USAGE;
    }

    /** A configuration error is a usage error; anything else is fatal, with a stack trace only at debug level. */
    private static int executionError(Exception e, CommandLine command, CommandLine.ParseResult parseResult) {
        PrintWriter err = command.getErr();
        if (e instanceof ConfigException) {
            err.println("mosaicod: " + oneLine(e.getMessage()));
            return ExitCode.USAGE;
        }
        String name = command.getCommand() instanceof ConfiguredCommand c ? c.displayName() : command.getCommandName();
        err.println("mosaicod: " + name + " failed: " + oneLine(String.valueOf(e)));
        if (command.getCommand() instanceof ConfiguredCommand c && c.debug()) {
            e.printStackTrace(err);
        }
        return ExitCode.FATAL;
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /** Creates commands that need the {@link Invocation} through their one-argument constructor. */
    private record InvocationFactory(Invocation invocation) implements IFactory {
        @Override
        public <K> K create(Class<K> type) throws Exception {
            if (ConfiguredCommand.class.isAssignableFrom(type)) {
                Constructor<K> constructor = type.getDeclaredConstructor(Invocation.class);
                constructor.setAccessible(true);
                return constructor.newInstance(invocation);
            }
            return CommandLine.defaultFactory().create(type);
        }
    }
}
