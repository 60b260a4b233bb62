package io.mosaicod.cli;

import java.util.List;

/**
 * {@code mosaicod manual}: mosaicod's manual page in roff, written from the same command tree as the help, so it
 * lists every command with its parameters and options (each option's default and variable included).
 */
final class ManualCommand implements Command {
    private final Command root;
    private final Invocation invocation;

    ManualCommand(Command root, Invocation invocation) {
        this.root = root;
        this.invocation = invocation;
    }

    @Override
    public CommandSpec spec() {
        return CommandSpec.of("manual", "Print mosaicod's manual page (roff): read it with"
                + " 'mosaicod manual | man -l -', or install it as mosaicod.1.");
    }

    @Override
    public int execute(CommandArguments arguments) {
        invocation.out().print(page(root, VersionProvider.version()));
        return ExitCode.OK;
    }

    static String page(Command root, String version) {
        CommandSpec rootSpec = root.spec();
        StringBuilder r = new StringBuilder();
        r.append(".TH MOSAICOD 1 \"\" \"mosaicod ").append(escape(version)).append("\" \"User Commands\"\n");
        r.append(".SH NAME\n").append(rootSpec.name()).append(" \\- ").append(escape(rootSpec.description()))
                .append('\n');
        r.append(".SH SYNOPSIS\n.B ").append(rootSpec.name())
                .append("\n[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIPARAMETERS\\fR]\n");
        r.append(".SH OPTIONS\n");
        options(rootSpec, r);
        r.append(".SH COMMANDS\n");
        List<List<Command>> paths = CommandTree.paths(root);
        for (List<Command> path : paths.subList(1, paths.size())) {
            Command command = path.get(path.size() - 1);
            if (!command.subcommands().isEmpty()) {
                continue;
            }
            CommandSpec spec = command.spec();
            r.append(".SS \"").append(escape(usage(path))).append("\"\n").append(text(spec.description())).append('\n');
            for (CommandSpec.Parameter parameter : spec.parameters()) {
                r.append(".TP\n.I ").append(escape(parameter.label())).append('\n')
                        .append(text(parameter.description())).append('\n');
            }
            options(spec, r);
        }
        r.append(".SH NOTES\n.nf\n");
        rootSpec.footer().forEach(line -> r.append(text(line)).append('\n'));
        r.append(".fi\n");
        return r.toString();
    }

    private static void options(CommandSpec spec, StringBuilder r) {
        for (CommandSpec.Option option : spec.options()) {
            r.append(".TP\n.B ").append(escape(String.join(", ", option.names())));
            if (option.takesValue()) {
                r.append(" \\fI").append(escape(option.label())).append("\\fR");
            }
            r.append('\n');
            option.description().forEach(line -> r.append(text(line)).append('\n'));
        }
    }

    private static String usage(List<Command> path) {
        StringBuilder usage = new StringBuilder(HelpText.qualifiedName(path)).append(" [OPTIONS]");
        for (CommandSpec.Parameter p : path.get(path.size() - 1).spec().parameters()) {
            usage.append(' ').append(p.anyNumber() ? "[" + p.label() + "...]" : p.label());
        }
        return usage.toString();
    }

    /** A line of running text: escaped, and kept from being read as a request if it starts like one. */
    private static String text(String line) {
        String escaped = escape(line);
        return escaped.startsWith(".") || escaped.startsWith("'") ? "\\&" + escaped : escaped;
    }

    private static String escape(String s) {
        return s.replace("\\", "\\e").replace("-", "\\-");
    }
}
