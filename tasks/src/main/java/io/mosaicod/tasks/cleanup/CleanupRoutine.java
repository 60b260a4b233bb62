package io.mosaicod.tasks.cleanup;

import io.mosaicod.core.Availability;
import io.mosaicod.core.CountText;
import io.mosaicod.core.FailureText;
import io.mosaicod.db.CleanupLedger;
import io.mosaicod.db.CleanupPass;
import io.mosaicod.db.CleanupResult;
import io.mosaicod.db.CleanupRun;
import io.mosaicod.db.CleanupState;
import io.mosaicod.db.InstanceRegistry;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RepositoryException;
import io.mosaicod.db.RetiredFolder;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.tasks.LeaseRenewal;
import io.mosaicod.tasks.StopSignal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cleanup routine (DESIGN.md §7). The repository records a folder as retired in the transaction that ends the
 * last reference to it; a pass deletes the retired folders whose retention has passed (database clock), each only
 * if the repository still references nothing in it — so a pass with nothing due costs a few statements and no
 * store request, whatever the size of the store. Now and then (the sweep interval) a pass first sweeps the store
 * for orphans: mosaicod's top-level folders ({@code sq_<ULID>}, {@code tp_<ULID>}: others are never touched) that
 * nothing references or recorded, which it records as retired. One pass runs at a time across all instances (a
 * lease in the repository); each is recorded in the cleanup log. docs/cleanup.md explains why this is safe.
 */
public final class CleanupRoutine {
    /** Registry entries silent this long belong to processes long gone; each pass forgets them. */
    public static final Duration INSTANCE_PURGE_SILENCE = Duration.ofDays(7);
    /** Unreferenced folders a sweep records per transaction: one transaction per folder would take minutes. */
    static final int SWEEP_BATCH = 500;
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
            state = work(pass, lease, tally);
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

    /** The pass's work once it holds the lease: an orphan sweep if one is due, then the retired folders due. */
    private CleanupState work(CleanupPass pass, LeaseRenewal lease, PassTally tally) {
        if (settings.sweepDue(ledger.lastSweep(), pass.startedAt())) {
            Optional<CleanupState> ended = sweep(pass, lease, tally);
            if (ended.isPresent()) {
                return ended.get();
            }
        }
        RetiredFolderDeleter deleter = new RetiredFolderDeleter(ledger, store, tally);
        for (RetiredFolder retired : ledger.dueForDeletion(settings.retention())) {
            Optional<CleanupState> stopped = stopped(pass, lease, tally);
            if (stopped.isPresent()) {
                return stopped.get();
            }
            try {
                deleter.delete(retired);
            } catch (IOException | RuntimeException e) {
                tally.failed(retired.folder(), e);
                LOG.atWarn().addKeyValue("folder", retired.folder()).log("Cleanup of folder {} failed: {}",
                        retired.folder(), FailureText.of(e));
            }
        }
        return tally.failedCount() == 0 ? CleanupState.SUCCEEDED : CleanupState.FAILED;
    }

    /**
     * Records every mosaicod folder of the store that nothing references and nothing recorded as retired, so that
     * this pass or a later one deletes it after the retention. Empty if the pass goes on; otherwise how it ended.
     */
    private Optional<CleanupState> sweep(CleanupPass pass, LeaseRenewal lease, PassTally tally) {
        OrphanSweep sweep;
        try {
            sweep = OrphanSweep.look(store, ledger);
        } catch (IOException | UncheckedIOException e) {
            tally.error("listing the store failed: " + FailureText.of(e));
            LOG.error("Cleanup pass {}: listing the store failed: {}", pass.runId(), e.getMessage());
            return Optional.of(CleanupState.FAILED);
        }
        sweep.top().reportForeign(pass.runId());
        Optional<String> refusal = sweep.refusal(store, settings.emptyRepositoryConfirmed());
        if (refusal.isPresent()) {
            tally.error(refusal.get());
            LOG.error("Cleanup pass {} refused: {}", pass.runId(), refusal.get());
            return Optional.of(CleanupState.FAILED);
        }
        List<String> unreferenced = sweep.unreferenced();
        int recorded = 0;
        for (int from = 0; from < unreferenced.size(); from += SWEEP_BATCH) {
            Optional<CleanupState> stopped = stopped(pass, lease, tally);
            if (stopped.isPresent()) {
                return stopped;
            }
            // checks the references again, folder by folder: one referenced since the listing is not recorded
            int batch = ledger.retireIfUnreferenced(
                    unreferenced.subList(from, Math.min(unreferenced.size(), from + SWEEP_BATCH)), OrphanSweep.REASON);
            tally.marked(batch);
            recorded += batch;
        }
        ledger.recordSweep(pass);
        LOG.atInfo().addKeyValue("cleanup_pass", pass.runId()).addKeyValue("folders", sweep.top().folders().size())
                .log("Cleanup pass {} swept the store: {} of mosaicod's, {} newly recorded as retired", pass.runId(),
                        CountText.of(sweep.top().folders().size(), "folder"), recorded);
        return Optional.empty();
    }

    /** How the pass ends here, if a stop was requested or its lease is lost: checked before each folder. */
    private Optional<CleanupState> stopped(CleanupPass pass, LeaseRenewal lease, PassTally tally) {
        if (stop.isRequested()) {
            LOG.info("Cleanup pass {} stopped on request", pass.runId());
            return Optional.of(CleanupState.INTERRUPTED);
        }
        Optional<String> lost = lease.lost();
        if (lost.isPresent()) {
            tally.error("cleanup lease lost: " + lost.get());
            return Optional.of(CleanupState.FAILED);
        }
        return Optional.empty();
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
