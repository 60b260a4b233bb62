package io.mosaicod.cli;

import java.util.List;

/** A command of the {@code mosaicod} command line: its syntax, its subcommands, and its work. */
interface Command {
    CommandSpec spec();

    /** Commands one level below; a command that has them only chooses among them. */
    default List<Command> subcommands() {
        return List.of();
    }

    /** Does the command's work with the arguments it was given; returns the exit code ({@link ExitCode}). */
    int execute(CommandArguments arguments) throws Exception;
}
