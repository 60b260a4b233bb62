package io.mosaicod.cli;

/** A command that only chooses among its subcommands ({@code mosaicod}, {@code mosaicod topic}). */
abstract class CommandGroup implements Command {
    @Override
    public final int execute(CommandArguments arguments) {
        throw new IllegalStateException("the parser runs a subcommand of '" + spec().name() + "', never the group");
    }
}
