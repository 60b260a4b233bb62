package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import java.util.List;
import picocli.CommandLine.Command;

@Command(name = "store-optimizer", sortOptions = false,
        description = "Rewrite each completed topic's small chunks into few large, time-sorted ones.")
final class StoreOptimizerCommand extends ConfiguredCommand {

    StoreOptimizerCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    List<Setting<?>> flaggedSettings() {
        return List.of(Settings.STORE_OPTIMIZER_TIME_INTERVAL, Settings.STORE_OPTIMIZER_MAX_CHUNK_SIZE);
    }

    @Override
    int run(MosaicodConfig config) {
        return notImplemented();
    }
}
