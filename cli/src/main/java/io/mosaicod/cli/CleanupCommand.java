package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import io.mosaicod.db.CleanupResult;
import io.mosaicod.db.CleanupState;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.Repository;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import io.mosaicod.tasks.cleanup.CleanupPlan;
import io.mosaicod.tasks.cleanup.CleanupRoutine;
import io.mosaicod.tasks.cleanup.CleanupSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

final class CleanupCommand extends ConfiguredCommand {
    private static final CommandSpec.Option DRY_RUN = CommandSpec.Option.flag(List.of("--dry-run"),
            "Print what a pass would record, delete and leave alone, and change nothing (no pass is recorded).");
    private static final CommandSpec.Option SWEEP = CommandSpec.Option.flag(List.of("--sweep"),
            "Sweep the store for folders nothing references or recorded in every pass of this process, whatever"
                    + " the sweep interval (same as --sweep-interval 0).");
    private static final CommandSpec.Option CONFIRM_EMPTY_REPOSITORY = CommandSpec.Option.flag(
            List.of("--confirm-empty-repository"), "Clean a store although the repository references no folder at"
                    + " all (every sequence deleted on purpose); without it such a pass refuses, as a repository"
                    + " created by mistake looks the same.");

    CleanupCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    CommandSpec baseSpec() {
        return CommandSpec.of("cleanup",
                        "Delete the store folders retired longer ago than the retention; now and then, sweep the store"
                                + " for folders nothing references.")
                .withFooter("", "Exit codes: 0 done (also: another cleanup's pass was running, or stopped by SIGINT/SIGTERM),",
                        "1 fatal error, 2 bad configuration, 3 a one-shot pass that failed on some folders or could not",
                        "finish (the next pass retries them). See docs/cleanup.md.")
                .withOptions(List.of(DRY_RUN, SWEEP, CONFIRM_EMPTY_REPOSITORY));
    }

    @Override
    List<Setting<?>> flaggedSettings() {
        return List.of(Settings.CLEANUP_TIME_INTERVAL, Settings.CLEANUP_RETENTION_DURATION,
                Settings.CLEANUP_SWEEP_INTERVAL);
    }

    @Override
    int run(MosaicodConfig config, CommandArguments arguments) throws IOException, InterruptedException {
        MosaicodConfig.Cleanup options = config.cleanup();
        CleanupSettings settings = CleanupSettings.withRetention(options.retentionDuration())
                .sweepingEvery(arguments.flag(SWEEP.key()) ? Duration.ZERO : options.sweepInterval());
        if (arguments.flag(CONFIRM_EMPTY_REPOSITORY.key())) {
            settings = settings.confirmingEmptyRepository();
        }
        if (arguments.flag(DRY_RUN.key())) {
            return dryRun(config, settings);
        }
        try (RunningInstance instance = RunningInstance.start(config, InstanceKind.CLEANUP, options.runsOnce())) {
            return runPasses(instance, instance.store(), options, settings);
        }
    }

    /** Reads the repository and the store only: no instance is registered, no pass recorded. */
    private int dryRun(MosaicodConfig config, CleanupSettings settings) throws IOException {
        try (Repository repository = ExistingRepository.open(config.database());
             ObjectStore store = ObjectStores.open(config.store())) {
            RunningInstance.checkAccess(store);
            CleanupPlan plan = CleanupPlan.of(repository, store, settings);
            PrintWriter out = invocation.out();
            out.printf("Dry run: nothing is changed. %s, database time %s, retention %d s, %s.%n", store,
                    plan.now(), plan.retention().toSeconds(), plan.sweeps()
                            ? "the pass would sweep the store for orphans"
                            : "no sweep due (the store is not listed)");
            if (plan.refusal().isPresent()) {
                invocation.err().println("mosaicod: a cleanup pass would refuse this store: " + plan.refusal().get());
                return ExitCode.ITEMS_FAILED;
            }
            for (CleanupPlan.Step step : plan.steps()) {
                out.printf("%-18s %-30s %s%n", step.action(), step.folder(),
                        step.retiredAt().map(at -> "retired " + at).orElse(""));
            }
            out.printf("record %d, record then delete %d, wait %d, delete %d folders.%n",
                    plan.count(CleanupPlan.RECORD), plan.count(CleanupPlan.RECORD_THEN_DELETE),
                    plan.count(CleanupPlan.WAIT), plan.count(CleanupPlan.DELETE));
            plan.foreign().ifPresent(foreign -> out.println("Left alone, not mosaicod's: " + foreign + "."));
            return ExitCode.OK;
        }
    }

    /** The command's work once the instance runs; {@code store} is the instance's (tests may wrap it). */
    static int runPasses(RunningInstance instance, ObjectStore store, MosaicodConfig.Cleanup options,
                         CleanupSettings settings) throws InterruptedException {
        CleanupRoutine routine = new CleanupRoutine(instance.repository(), store, settings, instance.instanceId(),
                instance.stop(), instance.scheduler());
        routine.reportTo(instance.metrics().cleanup());
        if (!options.runsOnce()) {
            routine.runEvery(options.timeInterval().toSeconds());
            return ExitCode.OK;
        }
        Optional<CleanupResult> result = routine.runPass();
        return result.filter(r -> r.state() == CleanupState.FAILED).isPresent() ? ExitCode.ITEMS_FAILED : ExitCode.OK;
    }
}
