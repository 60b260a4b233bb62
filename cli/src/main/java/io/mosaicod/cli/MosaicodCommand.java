package io.mosaicod.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** {@code mosaicod}: the one executable; each process kind is a subcommand (DESIGN.md §2). */
@Command(name = "mosaicod", scope = ScopeType.INHERIT, mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class, sortOptions = false, synopsisSubcommandLabel = "COMMAND",
        description = "Storage core of mosaico, the data platform for robotics time series.",
        footerHeading = "%nExit codes:%n",
        footer = {"  0  success", "  1  fatal runtime error", "  2  bad usage or configuration",
                "%nSettings come from flags, MOSAICOD_* environment variables, config.toml and defaults,"
                        + " in that order; see README.md."})
final class MosaicodCommand implements Callable<Integer> {
    /** The subcommands, in the order help lists them ({@link Main} adds them). */
    static final List<Class<?>> SUBCOMMANDS = List.of(ServerCommand.class, StoreOptimizerCommand.class,
            CleanupCommand.class, PsCommand.class, TopicCommand.class, GenerateCommand.class, DemoCommand.class,
            HelpCommand.class);

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(),
                "missing command: one of " + String.join(", ", spec.subcommands().keySet()));
    }
}
