package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import picocli.CommandLine.Command;

@Command(name = "demo", sortOptions = false,
        description = "Show the whole story on the embedded defaults: ingest, fragment, optimize, clean up.")
final class DemoCommand extends ConfiguredCommand {

    DemoCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    int run(MosaicodConfig config) {
        return notImplemented();
    }
}
