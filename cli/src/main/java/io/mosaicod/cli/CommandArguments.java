package io.mosaicod.cli;

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
 */
record CommandArguments(String commandName, Map<String, String> values, Set<String> flags, List<String> parameters) {
    CommandArguments {
        values = Map.copyOf(values);
        flags = Set.copyOf(flags);
        parameters = List.copyOf(parameters);
    }

    boolean flag(String name) {
        return flags.contains(name);
    }

    Optional<String> value(String name) {
        return Optional.ofNullable(values.get(name));
    }

    String value(String name, String absent) {
        return values.getOrDefault(name, absent);
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
