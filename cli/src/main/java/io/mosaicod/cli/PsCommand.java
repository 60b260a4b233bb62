package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "ps", sortOptions = false,
        description = "Show running server, cleanup and store-optimizer instances, the last cleanup and the"
                + " optimization queue.")
final class PsCommand extends ConfiguredCommand {
    @Option(names = {"-a", "--all"}, description = "Also show dead instances.")
    boolean all;

    @Option(names = {"-v", "--verbose"}, description = "Show host, pid, start time and heartbeat of each instance.")
    boolean verbose;

    PsCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    int run(MosaicodConfig config) {
        return notImplemented();
    }
}
