package io.mosaicod.cli;

import java.util.ArrayList;
import java.util.List;

/** {@code mosaicod help [COMMAND...]}: the help of the root or of the command named. */
final class HelpCommand implements Command {
    private final Command root;
    private final Invocation invocation;

    HelpCommand(Command root, Invocation invocation) {
        this.root = root;
        this.invocation = invocation;
    }

    @Override
    public CommandSpec spec() {
        return CommandSpec.of("help", "Show the help of mosaicod or of a command.")
                .withParameters(CommandSpec.Parameter.anyNumber("COMMAND", "The command, e.g. topic cat."));
    }

    @Override
    public int execute(CommandArguments arguments) {
        List<Command> path = new ArrayList<>(List.of(root));
        for (String name : arguments.parameters()) {
            path.add(CommandLineParser.subcommand(path.get(path.size() - 1), name));
        }
        invocation.out().print(HelpText.of(path));
        return ExitCode.OK;
    }
}
