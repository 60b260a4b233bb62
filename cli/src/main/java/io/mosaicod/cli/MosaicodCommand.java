package io.mosaicod.cli;

import java.util.ArrayList;
import java.util.List;

/** {@code mosaicod}: the one executable; each process kind is a subcommand (DESIGN.md §2). */
final class MosaicodCommand extends CommandGroup {
    private final List<Command> subcommands;

    MosaicodCommand(Invocation invocation) {
        this(invocation, List.of(new ServerCommand(invocation), new StoreOptimizerCommand(invocation),
                new CleanupCommand(invocation), new PsCommand(invocation), new HealthCommand(invocation), new TopicCommand(invocation),
                new ApiKeyCommand(invocation), new QueryCommand(invocation), new GenerateCommand(invocation),
                new DemoCommand(invocation)));
    }

    /** With {@code commands}, and help, completion and manual, as its subcommands. */
    MosaicodCommand(Invocation invocation, List<Command> commands) {
        List<Command> all = new ArrayList<>(commands);
        all.add(new HelpCommand(this, invocation));
        all.add(new CompletionCommand(this, invocation));
        all.add(new ManualCommand(this, invocation));
        this.subcommands = List.copyOf(all);
    }

    @Override
    public CommandSpec spec() {
        return CommandSpec.of("mosaicod", "Storage core of mosaico, the data platform for robotics time series.")
                .withOptions(SettingOptions.options(SettingOptions.COMMON))
                .withFooter("", "Exit codes:", "  0  success", "  1  fatal runtime error", "  2  bad usage or configuration",
                        "", "Settings come from flags, MOSAICOD_* environment variables, config.toml and defaults, in"
                                + " that order; see README.md.");
    }

    @Override
    public List<Command> subcommands() {
        return subcommands;
    }
}
