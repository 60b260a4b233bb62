package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.Repository;
import io.mosaicod.tasks.optimizer.OptimizerSettings;
import io.mosaicod.tasks.optimizer.PassSummary;
import io.mosaicod.tasks.optimizer.StoreOptimizer;
import io.mosaicod.tasks.optimizer.TopicOptimizer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

final class StoreOptimizerCommand extends ConfiguredCommand {
    static final String NAME = "store-optimizer";
    private static final CommandSpec.Option TOPIC = CommandSpec.Option.valued("--topic", "LOCATOR",
            "Only this topic (repeatable: only these). An unknown locator is an error (exit 2).");
    private static final CommandSpec.Option RETRY_FAILED = CommandSpec.Option.flag(List.of("--retry-failed"),
            "Retry the topics given up after MOSAICOD_STORE_OPTIMIZER_MAX_ATTEMPTS failed attempts (with --topic:"
                    + " only those), then run.");
    private static final CommandSpec.Option DRY_RUN = CommandSpec.Option.flag(List.of("--dry-run"),
            "Print the plan of each topic a pass would take (with --topic: only those), and change nothing.");

    StoreOptimizerCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    CommandSpec baseSpec() {
        return CommandSpec.of(NAME, "Rewrite each completed topic's small chunks into few large, time-sorted ones.")
                .withOptions(List.of(TOPIC, RETRY_FAILED, DRY_RUN))
                .withFooter("", "Exit codes: 0 done (or stopped by SIGINT/SIGTERM), 1 fatal error, 2 bad configuration,",
                        "3 a one-shot pass in which some topics failed (they are retried by the next pass, until they",
                        "have failed MOSAICOD_STORE_OPTIMIZER_MAX_ATTEMPTS times in a row).");
    }

    @Override
    List<Setting<?>> flaggedSettings() {
        return List.of(Settings.STORE_OPTIMIZER_TIME_INTERVAL, Settings.STORE_OPTIMIZER_MAX_CHUNK_SIZE);
    }

    @Override
    int run(MosaicodConfig config, CommandArguments arguments) throws IOException, InterruptedException {
        MosaicodConfig.StoreOptimizer options = config.storeOptimizer();
        if (arguments.flag(DRY_RUN.key())) {
            // reads the repository only: no instance registered, no lease taken
            try (Repository repository = ExistingRepository.open(config.database())) {
                OptimizerDryRun.print(repository, settings(options),
                        OptimizerTargets.scopeOf(repository, arguments.values(TOPIC.key())), invocation.out());
            }
            return ExitCode.OK;
        }
        try (RunningInstance instance = RunningInstance.start(config, InstanceKind.STORE_OPTIMIZER, options.runsOnce());
             BufferAllocator allocator = new RootAllocator()) {
            OptimizerSettings settings = settings(options);
            Repository repository = instance.repository();
            TopicOptimizer topics = TopicOptimizer.assemble(repository.catalog(), repository.optimizationQueue(),
                    instance.store(), allocator, settings, instance.scheduler(), instance.stop());
            topics.onProgress(TerminalProgress.forStderr());
            topics.reportTo(instance.metrics().optimizer(repository.optimizationQueue()));
            StoreOptimizer optimizer = new StoreOptimizer(repository.optimizationQueue(), topics, settings,
                    instance.instanceId(), instance.stop())
                    .limitedTo(OptimizerTargets.scopeOf(repository, arguments.values(TOPIC.key())));
            if (arguments.flag(RETRY_FAILED.key())) {
                optimizer.retryFailed();
            }
            if (!options.runsOnce()) {
                optimizer.runEvery(options.timeInterval().toSeconds());
                return ExitCode.OK;
            }
            PassSummary summary = optimizer.runPass();
            return summary.failures().isEmpty() || summary.stopped() ? ExitCode.OK : ExitCode.ITEMS_FAILED;
        }
    }

    private static OptimizerSettings settings(MosaicodConfig.StoreOptimizer options) {
        return new OptimizerSettings(options.maxChunkSizeBytes(), options.memoryPoolBytes(), options.leaseDuration(),
                spillDirectory(), options.maxAttempts());
    }

    /** Sorted runs that do not fit the memory pool spill here, one subfolder per topic, removed after it. */
    private static Path spillDirectory() {
        return Path.of(System.getProperty("java.io.tmpdir"), "mosaicod-spill");
    }
}
