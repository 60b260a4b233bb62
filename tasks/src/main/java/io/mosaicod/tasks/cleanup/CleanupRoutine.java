package io.mosaicod.tasks.cleanup;

import io.mosaicod.core.Availability;
import io.mosaicod.core.FailureText;
import io.mosaicod.db.CleanupLedger;
import io.mosaicod.db.CleanupPass;
import io.mosaicod.db.CleanupResult;
import io.mosaicod.db.CleanupRun;
import io.mosaicod.db.CleanupState;
import io.mosaicod.db.InstanceRegistry;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RepositoryException;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.tasks.LeaseRenewal;
import io.mosaicod.tasks.StopSignal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cleanup routine (DESIGN.md §7). A pass lists the store's top-level folders; a mosaicod folder
 * ({@code sq_<ULID>}, {@code tp_<ULID>}: others are never touched) that no sequence, topic or in-flight
 * optimization references gets a {@code TO_DELETE} marker holding the database time; a
 * marked folder is deleted once the retention has passed since, if the repository still references nothing
 * in it — a folder referenced again loses its marker instead. One pass runs at a time across all instances
 * (a lease in the repository); each is recorded in the cleanup log. docs/cleanup.md explains why this is safe.
 */
public final class CleanupRoutine {
    /** Registry entries silent this long belong to processes long gone; each pass forgets them. */
    public static final Duration INSTANCE_PURGE_SILENCE = Duration.ofDays(7);
    private static final Logger LOG = LoggerFactory.getLogger(CleanupRoutine.class);

    private final CleanupLedger ledger;
    private final InstanceRegistry instances;
    private final ObjectStore store;
    private final CleanupSettings settings;
    private final long instanceId;
    private final StopSignal stop;
    private final ScheduledExecutorService scheduler;
    private volatile CleanupMetrics metrics = CleanupMetrics.NONE;

    /** @param scheduler timer thread for the pass lease's renewals */
    public CleanupRoutine(Repository repository, ObjectStore store, CleanupSettings settings, long instanceId,
                          StopSignal stop, ScheduledExecutorService scheduler) {
        this.ledger = repository.cleanupLedger();
        this.instances = repository.instances();
        this.store = store;
        this.settings = settings;
        this.instanceId = instanceId;
        this.stop = stop;
        this.scheduler = scheduler;
    }

    /** Reports every pass of this instance, and every pass lease lost, to {@code metrics} from now on. */
    public void reportTo(CleanupMetrics metrics) {
        this.metrics = metrics;
    }

    /**
     * One pass, recorded and logged; empty if another instance's pass holds the cleanup lease (then nothing is
     * done). Errors on single folders, or listing the store, end up in the result; a repository failure
     * before the pass began or while recording its end is thrown.
     */
    public Optional<CleanupResult> runPass() {
        Optional<CleanupPass> begun = ledger.beginPass(instanceId, settings.passLease());
        if (begun.isEmpty()) {
            logSkipped();
            return Optional.empty();
        }
        CleanupPass pass = begun.get();
        long startNanos = System.nanoTime();
        long retentionSeconds = settings.retention().toSeconds();
        LOG.atInfo().addKeyValue("cleanup_pass", pass.runId()).addKeyValue("retention_s", retentionSeconds)
                .log("Cleanup started (pass {}, retention {} s)", pass.runId(), retentionSeconds);
        purgeSilentInstances();
        PassTally tally = new PassTally();
        CleanupState state;
        try (LeaseRenewal lease = new LeaseRenewal("the lease of cleanup pass " + pass.runId(),
                () -> ledger.renewPass(pass, settings.passLease()), settings.passLease(), scheduler,
                metrics::leaseLost)) {
            state = sweep(pass, startNanos, lease, tally);
        } catch (RuntimeException e) {
            // a bug or the repository gone: still close the pass's record with what it did and why it ended
            if (Availability.outageBehind(e).isPresent()) {
                LOG.info("Cleanup pass {} ended by an outage: {}", pass.runId(), FailureText.of(e));
            } else {
                LOG.error("Cleanup pass {} failed", pass.runId(), e);
            }
            tally.error("pass aborted: " + FailureText.of(e));
            state = CleanupState.FAILED;
        }
        CleanupResult result = tally.result(state);
        ledger.finishPass(pass, result);
        metrics.passEnded(result);
        logCompleted(pass, result, System.nanoTime() - startNanos);
        return Optional.of(result);
    }

    /** Passes until a stop is requested, sleeping {@code intervalSeconds} after each. */
    public void runEvery(long intervalSeconds) throws InterruptedException {
        while (!stop.isRequested()) {
            try {
                runPass();
            } catch (RepositoryException e) {
                // the repository may be back for the next pass; a daemon should not die of an outage
                (Availability.outageBehind(e).isPresent() ? LOG.atInfo() : LOG.atError())
                        .log("Cleanup pass not run: {}", e.getMessage());
            }
            if (stop.sleep(intervalSeconds)) {
                break;
            }
        }
    }

    private CleanupState sweep(CleanupPass pass, long startNanos, LeaseRenewal lease, PassTally tally) {
        StoreTopLevel top;
        try {
            top = StoreTopLevel.list(store);
        } catch (IOException | UncheckedIOException e) {
            tally.error("listing the store failed: " + FailureText.of(e));
            LOG.error("Cleanup pass {}: listing the store failed: {}", pass.runId(), e.getMessage());
            return CleanupState.FAILED;
        }
        top.reportForeign(pass.runId());
        // after the listing: every folder listed that was referenced by then is in the snapshot
        Set<String> referenced = ledger.referencedFolders();
        Optional<String> refusal = top.refusal(referenced, store, settings.emptyRepositoryConfirmed());
        if (refusal.isPresent()) {
            tally.error(refusal.get());
            LOG.error("Cleanup pass {} refused: {}", pass.runId(), refusal.get());
            return CleanupState.FAILED;
        }
        FolderCleaner cleaner = new FolderCleaner(ledger, store, settings.retention(), pass, tally);
        for (String folder : top.folders()) {
            if (stop.isRequested()) {
                LOG.info("Cleanup pass {} stopped on request", pass.runId());
                return CleanupState.INTERRUPTED;
            }
            Optional<String> lost = lease.lost();
            if (lost.isPresent()) {
                tally.error("cleanup lease lost: " + lost.get());
                return CleanupState.FAILED;
            }
            try {
                cleaner.clean(folder, referenced.contains(folder), databaseNow(pass, startNanos));
            } catch (IOException | RuntimeException e) {
                tally.failed(folder, e);
                LOG.atWarn().addKeyValue("folder", folder).log("Cleanup of folder {} failed: {}", folder,
                        FailureText.of(e));
            }
        }
        return tally.failedCount() == 0 ? CleanupState.SUCCEEDED : CleanupState.FAILED;
    }

    /**
     * The database clock, read once when the pass began, advanced by this machine's monotonic clock: ages
     * are judged on one clock for all instances without a query per folder.
     */
    private static Instant databaseNow(CleanupPass pass, long startNanos) {
        return pass.startedAt().plusNanos(System.nanoTime() - startNanos);
    }

    private void purgeSilentInstances() {
        try {
            int purged = instances.purgeSilentFor(INSTANCE_PURGE_SILENCE);
            if (purged > 0) {
                LOG.info("Forgot {} instances silent for more than {} days", purged, INSTANCE_PURGE_SILENCE.toDays());
            }
        } catch (RepositoryException e) {
            LOG.warn("Could not purge silent instances: {}", e.getMessage());
        }
    }

    private void logSkipped() {
        String holder = ledger.lastRun().filter(run -> run.state() == CleanupState.RUNNING)
                .map(CleanupRoutine::describe).orElse("another cleanup");
        LOG.atInfo().addKeyValue("skipped", true).log("Cleanup skipped: {} holds the cleanup lease", holder);
    }

    private static String describe(CleanupRun run) {
        return "pass " + run.id() + " of instance " + run.instanceId();
    }

    private static void logCompleted(CleanupPass pass, CleanupResult result, long elapsedNanos) {
        LOG.atInfo().addKeyValue("cleanup_pass", pass.runId())
                .addKeyValue("state", result.state().name())
                .addKeyValue("marked", result.marked())
                .addKeyValue("deleted", result.deleted())
                .addKeyValue("failed", result.failed())
                .addKeyValue("duration_ms", elapsedNanos / 1_000_000)
                .log(headline(result));
    }

    /** mosaicod's own wording, which operators' log searches rely on. */
    public static String headline(CleanupResult result) {
        return "Cleanup completed. " + result.marked() + " items marked as ready to be deleted. " + result.deleted()
                + " items deleted. " + result.failed() + " items failed";
    }
}
