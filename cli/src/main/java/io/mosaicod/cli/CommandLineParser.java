package io.mosaicod.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses {@code mosaicod}'s arguments against the command tree: the leading words choose the command
 * ({@code topic cat}), then come its options ({@code --name=value}, {@code --name value}, flags, clustered short
 * flags such as {@code -av}) and its parameters, in any order; {@code --} ends the options. Options belong to the
 * command named before them. Anything else is a {@link UsageException}; {@link #path()} then tells how far the
 * parse got, for the error's pointer to help.
 */
final class CommandLineParser {
    /** What the command line asks for. */
    enum Request { RUN, HELP, VERSION }

    /** A parsed command line: the command chosen (last of {@code path}), its arguments, and the request. */
    record Parsed(List<Command> path, CommandArguments arguments, Request request) {
        Command command() {
            return path.get(path.size() - 1);
        }
    }

    private final List<Command> path = new ArrayList<>();
    private final Map<String, String> values = new HashMap<>();
    private final Set<String> flags = new HashSet<>();
    private final List<String> parameters = new ArrayList<>();

    CommandLineParser(Command root) {
        path.add(root);
    }

    /** The commands chosen so far, the root first. */
    List<Command> path() {
        return List.copyOf(path);
    }

    /** The command as typed after the root's name, e.g. {@code topic ls}; empty for the root. */
    static String commandName(List<Command> path) {
        List<String> names = new ArrayList<>();
        for (Command c : path.subList(1, path.size())) {
            names.add(c.spec().name());
        }
        return String.join(" ", names);
    }

    /** Parses once: a parser is made for one command line. */
    Parsed parse(String[] args) {
        Request request = Request.RUN;
        boolean optionsEnded = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            Command current = path.get(path.size() - 1);
            if (!optionsEnded && arg.equals("--")) {
                optionsEnded = true;
            } else if (!optionsEnded && arg.startsWith("--")) {
                i = longOption(current, args, i);
            } else if (!optionsEnded && arg.length() > 1 && arg.startsWith("-")) {
                shortFlags(current, arg);
            } else if (!current.subcommands().isEmpty()) {
                path.add(subcommand(current, arg));
            } else {
                parameters.add(arg);
            }
            if (flags.remove(CommandSpec.HELP.key())) {
                request = Request.HELP;
            } else if (flags.remove(CommandSpec.VERSION.key()) && request == Request.RUN) {
                request = Request.VERSION;
            }
        }
        Command command = path.get(path.size() - 1);
        if (request == Request.RUN) {
            check(command, parameters);
        }
        return new Parsed(path(), new CommandArguments(commandName(path), values, flags, parameters), request);
    }

    /** {@code --name}, {@code --name=value} or {@code --name value}; returns the index of the last word used. */
    private int longOption(Command command, String[] args, int i) {
        String arg = args[i];
        int equals = arg.indexOf('=');
        String name = equals < 0 ? arg : arg.substring(0, equals);
        CommandSpec.Option option = option(command, name);
        if (!option.takesValue()) {
            if (equals >= 0) {
                throw new UsageException("option " + name + " takes no value");
            }
            flags.add(option.key());
            return i;
        }
        if (equals >= 0) {
            values.put(option.key(), arg.substring(equals + 1));
            return i;
        }
        if (i + 1 == args.length) {
            throw new UsageException("option " + name + " needs a value (" + name + "=" + option.label() + ")");
        }
        values.put(option.key(), args[i + 1]);
        return i + 1;
    }

    /** {@code -a}, or several short flags together: {@code -av}. */
    private void shortFlags(Command command, String arg) {
        for (char letter : arg.substring(1).toCharArray()) {
            CommandSpec.Option option = option(command, "-" + letter);
            if (option.takesValue()) {
                throw new UsageException("option -" + letter + " takes a value: give it as " + option.key() + "="
                        + option.label());
            }
            flags.add(option.key());
        }
    }

    private static void check(Command command, List<String> parameters) {
        if (!command.subcommands().isEmpty()) {
            throw new UsageException("missing command: one of " + names(command.subcommands()));
        }
        List<CommandSpec.Parameter> expected = command.spec().parameters();
        if (!expected.isEmpty() && expected.get(expected.size() - 1).anyNumber()) {
            return;
        }
        if (parameters.size() < expected.size()) {
            throw new UsageException("missing " + expected.get(parameters.size()).label());
        }
        if (parameters.size() > expected.size()) {
            throw new UsageException("unexpected argument '" + parameters.get(expected.size()) + "'");
        }
    }

    private static CommandSpec.Option option(Command command, String name) {
        return command.spec().option(name).orElseThrow(() -> new UsageException("unknown option " + name));
    }

    static Command subcommand(Command parent, String name) {
        for (Command sub : parent.subcommands()) {
            if (sub.spec().name().equals(name)) {
                return sub;
            }
        }
        throw new UsageException("unknown command '" + name + "': one of " + names(parent.subcommands()));
    }

    private static String names(List<Command> commands) {
        return String.join(", ", commands.stream().map(c -> c.spec().name()).toList());
    }
}
