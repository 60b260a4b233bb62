package io.mosaicod.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses {@code mosaicod}'s arguments against the command tree: the leading words choose the command
 * ({@code topic cat}), then come its options ({@code --name=value}, {@code --name value}, {@code -n value},
 * {@code -nvalue}, flags, clustered short flags such as {@code -av}) and its parameters, in any order; {@code --}
 * ends the options. Options belong to the command named before them; those a group offers (the root's global
 * {@code --config}, {@code --log-level}, {@code --log-format}) may come before the command, which must accept
 * them too. Anything else is a {@link UsageException}; {@link #path()} then tells how far the parse got, for
 * the error's pointer to help.
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
    private final Map<String, List<String>> values = new HashMap<>();
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
                i = shortOptions(current, args, i);
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
            checkGivenBeforeApply(command);
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
            give(option, arg.substring(equals + 1));
            return i;
        }
        if (i + 1 == args.length) {
            throw new UsageException("option " + name + " needs a value (" + name + "=" + option.label() + ")");
        }
        give(option, args[i + 1]);
        return i + 1;
    }

    /**
     * {@code -a}, several short flags together ({@code -av}), or a short option with its value, joined
     * ({@code -n5}, {@code -av -n5} as {@code -avn5}) or next ({@code -n 5}); returns the index of the last word used.
     */
    private int shortOptions(Command command, String[] args, int i) {
        String arg = args[i];
        for (int at = 1; at < arg.length(); at++) {
            String name = "-" + arg.charAt(at);
            CommandSpec.Option option = option(command, name);
            if (!option.takesValue()) {
                flags.add(option.key());
            } else if (at + 1 < arg.length()) {
                give(option, arg.substring(at + 1));
                return i;
            } else if (i + 1 < args.length) {
                give(option, args[i + 1]);
                return i + 1;
            } else {
                throw new UsageException("option " + name + " needs a value (" + name + " " + option.label() + ")");
            }
        }
        return i;
    }

    private void give(CommandSpec.Option option, String value) {
        values.computeIfAbsent(option.key(), key -> new ArrayList<>()).add(value);
    }

    /** An option given before the command was its group's: the command must take it too, or it would be lost. */
    private void checkGivenBeforeApply(Command command) {
        List<String> given = new ArrayList<>(values.keySet());
        given.addAll(flags);
        for (String key : given) {
            if (command.spec().option(key).isEmpty()) {
                throw new UsageException("option " + key + " does not apply to '" + commandName(path) + "'");
            }
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
