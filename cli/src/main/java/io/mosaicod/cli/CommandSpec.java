package io.mosaicod.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a command of the command line accepts, and what its help says: name, description, options, positional
 * parameters and a footer.
 */
record CommandSpec(String name, String description, List<Option> options, List<Parameter> parameters,
                   List<String> footer) {
    /** Every command takes these; the parser answers them itself. */
    static final Option HELP = Option.flag(List.of("-h", "--help"), "Show this help message and exit.");
    static final Option VERSION = Option.flag(List.of("-V", "--version"), "Print version information and exit.");

    CommandSpec {
        options = List.copyOf(options);
        parameters = List.copyOf(parameters);
        footer = List.copyOf(footer);
    }

    static CommandSpec of(String name, String description) {
        return new CommandSpec(name, description, List.of(), List.of(), List.of());
    }

    /** This command with {@code more} options after its own. */
    CommandSpec withOptions(List<Option> more) {
        List<Option> all = new ArrayList<>(options);
        all.addAll(more);
        return new CommandSpec(name, description, all, parameters, footer);
    }

    /** This command taking {@code parameters}, in order. */
    CommandSpec withParameters(Parameter... parameters) {
        return new CommandSpec(name, description, options, List.of(parameters), footer);
    }

    CommandSpec withFooter(String... lines) {
        return new CommandSpec(name, description, options, parameters, List.of(lines));
    }

    /** The option {@code name} names (any of its names), help and version included. */
    Optional<Option> option(String name) {
        return allOptions().stream().filter(o -> o.names().contains(name)).findFirst();
    }

    /** Its own options, then help and version. */
    List<Option> allOptions() {
        List<Option> all = new ArrayList<>(options);
        all.add(HELP);
        all.add(VERSION);
        return all;
    }

    /**
     * An option: a flag when {@code label} is null, else one that takes a value, shown as {@code --name=LABEL}.
     * Its last name (the long one) is its {@link #key()}.
     */
    record Option(List<String> names, String label, List<String> description) {
        Option {
            names = List.copyOf(names);
            description = List.copyOf(description);
        }

        static Option flag(List<String> names, String description) {
            return new Option(names, null, List.of(description));
        }

        static Option valued(String name, String label, String... description) {
            return new Option(List.of(name), label, List.of(description));
        }

        boolean takesValue() {
            return label != null;
        }

        String key() {
            return names.get(names.size() - 1);
        }
    }

    /** A positional parameter: exactly one, or (last) any number of them. */
    record Parameter(String label, String description, boolean anyNumber) {
        static Parameter required(String label, String description) {
            return new Parameter(label, description, false);
        }

        static Parameter anyNumber(String label, String description) {
            return new Parameter(label, description, true);
        }
    }
}
