package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mosaicod topic ls|show|cat}: inspect topics in the repository and the store. */
@Command(name = "topic", synopsisSubcommandLabel = "COMMAND", description = "Inspect topics.",
        subcommands = {TopicCommand.Ls.class, TopicCommand.Show.class, TopicCommand.Cat.class})
final class TopicCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(),
                "missing command: one of " + String.join(", ", spec.subcommands().keySet()));
    }

    @Command(name = "ls", sortOptions = false, description = "List topics with their size and optimization state.")
    static final class Ls extends ConfiguredCommand {
        @Option(names = "--json", description = "Print JSON instead of a table.")
        boolean json;

        Ls(Invocation invocation) {
            super(invocation);
        }

        @Override
        int run(MosaicodConfig config) {
            return notImplemented();
        }
    }

    @Command(name = "show", sortOptions = false,
            description = "Show a topic's chunks, sizes, time range, optimization state and history.")
    static final class Show extends ConfiguredCommand {
        @Parameters(paramLabel = "LOCATOR", description = "Topic locator, e.g. run42/camera/front.")
        String locator;

        @Option(names = "--json", description = "Print JSON instead of text.")
        boolean json;

        Show(Invocation invocation) {
            super(invocation);
        }

        @Override
        int run(MosaicodConfig config) {
            return notImplemented();
        }
    }

    @Command(name = "cat", sortOptions = false, description = "Print a topic's rows in time order, as CSV.")
    static final class Cat extends ConfiguredCommand {
        @Parameters(paramLabel = "LOCATOR", description = "Topic locator, e.g. run42/imu.")
        String locator;

        @Option(names = "--json", description = "Print one JSON object per row instead of CSV.")
        boolean json;

        Cat(Invocation invocation) {
            super(invocation);
        }

        @Override
        int run(MosaicodConfig config) {
            return notImplemented();
        }
    }
}
