package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import java.util.List;
import picocli.CommandLine.Command;

@Command(name = "server", sortOptions = false,
        description = "Run the Arrow Flight endpoint (mosaicod 0.7 protocol): ingest, read, catalog actions.")
final class ServerCommand extends ConfiguredCommand {

    ServerCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    List<Setting<?>> flaggedSettings() {
        return List.of(Settings.HOST, Settings.PORT);
    }

    @Override
    int run(MosaicodConfig config) {
        return notImplemented();
    }
}
