package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import picocli.CommandLine.Command;

@Command(name = "generate", sortOptions = false,
        description = "Ingest realistic, fragmented topics through the server API, for demos and benchmarks.")
final class GenerateCommand extends ConfiguredCommand {

    GenerateCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    int run(MosaicodConfig config) {
        return notImplemented();
    }
}
