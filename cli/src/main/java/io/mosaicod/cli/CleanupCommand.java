package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import io.mosaicod.db.CleanupResult;
import io.mosaicod.db.CleanupState;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.tasks.cleanup.CleanupRoutine;
import io.mosaicod.tasks.cleanup.CleanupSettings;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

final class CleanupCommand extends ConfiguredCommand {

    CleanupCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    CommandSpec baseSpec() {
        return CommandSpec.of("cleanup",
                        "Mark store folders nothing references, and delete marked ones older than the retention.")
                .withFooter("", "Exit codes: 0 done (also: another cleanup's pass was running, or stopped by SIGINT/SIGTERM),",
                        "1 fatal error, 2 bad configuration, 3 a one-shot pass that failed on some folders or could not",
                        "finish (the next pass retries them). See docs/cleanup.md.");
    }

    @Override
    List<Setting<?>> flaggedSettings() {
        return List.of(Settings.CLEANUP_TIME_INTERVAL, Settings.CLEANUP_RETENTION_DURATION);
    }

    @Override
    int run(MosaicodConfig config, CommandArguments arguments) throws IOException, InterruptedException {
        MosaicodConfig.Cleanup options = config.cleanup();
        try (RunningInstance instance = RunningInstance.start(config, InstanceKind.CLEANUP, options.runsOnce())) {
            return runPasses(instance, instance.store(), options);
        }
    }

    /** The command's work once the instance runs; {@code store} is the instance's (tests may wrap it). */
    static int runPasses(RunningInstance instance, ObjectStore store, MosaicodConfig.Cleanup options)
            throws InterruptedException {
        CleanupRoutine routine = new CleanupRoutine(instance.repository(), store,
                CleanupSettings.withRetention(options.retentionDuration()), instance.instanceId(), instance.stop(),
                instance.scheduler());
        routine.reportTo(instance.metrics().cleanup());
        if (!options.runsOnce()) {
            routine.runEvery(options.timeInterval().toSeconds());
            return ExitCode.OK;
        }
        Optional<CleanupResult> result = routine.runPass();
        return result.filter(r -> r.state() == CleanupState.FAILED).isPresent() ? ExitCode.ITEMS_FAILED : ExitCode.OK;
    }
}
