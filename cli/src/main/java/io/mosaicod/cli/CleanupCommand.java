package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import java.util.List;
import picocli.CommandLine.Command;

@Command(name = "cleanup", sortOptions = false,
        description = "Mark store folders nothing references, and delete marked ones older than the retention.")
final class CleanupCommand extends ConfiguredCommand {

    CleanupCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    List<Setting<?>> flaggedSettings() {
        return List.of(Settings.CLEANUP_TIME_INTERVAL, Settings.CLEANUP_RETENTION_DURATION);
    }

    @Override
    int run(MosaicodConfig config) {
        return notImplemented();
    }
}
