package io.mosaicod.cli;

import java.util.ArrayList;
import java.util.List;

/** A command's help: usage line, description, parameters, options with their help, subcommands, footer. */
final class HelpText {
    private static final int WIDTH = 80;
    /** Where descriptions start; a longer option or name puts its description on the next line. */
    private static final int DESCRIPTION_COLUMN = 26;

    private HelpText() {
    }

    /** The help of the last command of {@code path} (the root first). */
    static String of(List<Command> path) {
        Command command = path.get(path.size() - 1);
        CommandSpec spec = command.spec();
        StringBuilder out = new StringBuilder();
        out.append("Usage: ").append(qualifiedName(path)).append(" [OPTIONS]");
        spec.parameters().forEach(p -> out.append(' ').append(p.anyNumber() ? "[" + p.label() + "...]" : p.label()));
        if (!command.subcommands().isEmpty()) {
            out.append(" COMMAND");
        }
        out.append('\n');
        wrap(spec.description(), 0, out);
        if (!spec.parameters().isEmpty()) {
            out.append("\nParameters:\n");
            spec.parameters().forEach(p -> entry("      " + p.label(), List.of(p.description()), out));
        }
        out.append("\nOptions:\n");
        spec.allOptions().forEach(o -> entry(synopsis(o), o.description(), out));
        if (!command.subcommands().isEmpty()) {
            out.append("\nCommands:\n");
            command.subcommands().forEach(c -> entry("  " + c.spec().name(), List.of(c.spec().description()), out));
        }
        spec.footer().forEach(line -> out.append(line).append('\n'));
        return out.toString();
    }

    /** e.g. {@code mosaicod topic ls}. */
    static String qualifiedName(List<Command> path) {
        String sub = CommandLineParser.commandName(path);
        String root = path.get(0).spec().name();
        return sub.isEmpty() ? root : root + " " + sub;
    }

    /** {@code "  -a, --all"}, {@code "      --port=PORT"}. */
    private static String synopsis(CommandSpec.Option option) {
        String shortName = option.names().stream().filter(n -> !n.startsWith("--")).findFirst().orElse(null);
        String longName = option.key();
        String text = (shortName == null ? "    " : shortName + ", ") + longName;
        return "  " + text + (option.takesValue() ? "=" + option.label() : "");
    }

    private static void entry(String head, List<String> description, StringBuilder out) {
        out.append(head);
        if (head.length() + 2 > DESCRIPTION_COLUMN) {
            out.append('\n').append(" ".repeat(DESCRIPTION_COLUMN));
        } else {
            out.append(" ".repeat(DESCRIPTION_COLUMN - head.length()));
        }
        for (int i = 0; i < description.size(); i++) {
            if (i > 0) {
                out.append(" ".repeat(DESCRIPTION_COLUMN));
            }
            wrap(description.get(i), DESCRIPTION_COLUMN, out);
        }
        if (description.isEmpty()) {
            out.append('\n');
        }
    }

    /** Appends {@code text} as lines of at most {@link #WIDTH}, the continuation lines indented by {@code indent}. */
    private static void wrap(String text, int indent, StringBuilder out) {
        out.append(String.join("\n" + " ".repeat(indent), lines(text, WIDTH - indent))).append('\n');
    }

    /** {@code text}'s words as lines of at most {@code width} characters (a longer word stands alone). */
    static List<String> lines(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        lines.add(line.toString());
        return lines;
    }
}
