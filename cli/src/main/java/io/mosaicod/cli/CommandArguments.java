package io.mosaicod.cli;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * What the command line gave the command it names: option values and flags by the option's long name, and the
 * positional parameters in order. Typed accessors turn a value that does not parse into a usage error.
 *
 * @param commandName the command as typed after {@code mosaicod}, e.g. {@code topic ls}
 * @param values      every value given to each option, in the order given (a repeatable option keeps them all;
 *                    the others use the last, as settings given twice on a command line do)
 */
record CommandArguments(String commandName, Map<String, List<String>> values, Set<String> flags,
                        List<String> parameters) {
    CommandArguments {
        Map<String, List<String>> copy = new HashMap<>();
        values.forEach((name, given) -> copy.put(name, List.copyOf(given)));
        values = Map.copyOf(copy);
        flags = Set.copyOf(flags);
        parameters = List.copyOf(parameters);
    }

    boolean flag(String name) {
        return flags.contains(name);
    }

    /** The option's value, the last one if it was given more than once. */
    Optional<String> value(String name) {
        List<String> given = values.getOrDefault(name, List.of());
        return given.isEmpty() ? Optional.empty() : Optional.of(given.get(given.size() - 1));
    }

    String value(String name, String absent) {
        return value(name).orElse(absent);
    }

    /** Every value of a repeatable option, in the order given; empty if it was not given. */
    List<String> values(String name) {
        return values.getOrDefault(name, List.of());
    }

    int intValue(String name, int absent) {
        return value(name).map(v -> parse(name, v, "a whole number", Integer::parseInt)).orElse(absent);
    }

    Optional<Long> longValue(String name) {
        return value(name).map(v -> parse(name, v, "a whole number", Long::parseLong));
    }

    double doubleValue(String name, double absent) {
        return value(name).map(v -> parse(name, v, "a number", Double::parseDouble)).orElse(absent);
    }

    private static <T> T parse(String name, String value, String expected, Function<String, T> parser) {
        try {
            return parser.apply(value.strip());
        } catch (NumberFormatException e) {
            throw new UsageException("invalid value '" + value + "' for " + name + ": expected " + expected);
        }
    }
}
