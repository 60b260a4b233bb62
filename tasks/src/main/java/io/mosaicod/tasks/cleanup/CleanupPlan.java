package io.mosaicod.tasks.cleanup;

import io.mosaicod.db.CleanupLedger;
import io.mosaicod.db.RetiredFolder;
import io.mosaicod.db.Repository;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What a cleanup pass would do now, found without changing anything — no pass recorded, no folder recorded or
 * deleted — for {@code mosaicod cleanup --dry-run}. It decides as a pass does: whether the pass would sweep the
 * store for orphans, which folders the sweep would record as retired, which retired folders are due. A pass
 * re-checks the repository before each step, so it may still do less than planned, never more.
 *
 * @param now      the database time the plan was made at
 * @param sweeps   whether the pass would sweep the store for orphans (the store is listed only then)
 * @param steps    each folder a pass would act on or wait for, with what it would do
 * @param refusal  why the sweep would refuse to act on this store at all, if it would
 * @param foreign  what a sweep would leave alone because it is not mosaicod's, in one sentence; empty if nothing
 */
public record CleanupPlan(Instant now, Duration retention, boolean sweeps, List<Step> steps,
                          Optional<String> refusal, Optional<String> foreign) {
    public static final String RECORD = "record";
    public static final String RECORD_THEN_DELETE = "record then delete";
    public static final String WAIT = "wait";
    public static final String DELETE = "delete";

    /** One folder: what a pass would do, and when it was retired if it is recorded already. */
    public record Step(String folder, String action, Optional<Instant> retiredAt) {
    }

    /** What a pass with {@code settings} would do now. */
    public static CleanupPlan of(Repository repository, ObjectStore store, CleanupSettings settings)
            throws IOException {
        CleanupLedger ledger = repository.cleanupLedger();
        Instant now = repository.now();
        boolean sweeps = settings.sweepDue(ledger.lastSweep(), now);
        Map<String, RetiredFolder> retired = ledger.retiredFolders().stream()
                .collect(Collectors.toMap(RetiredFolder::folder, Function.identity()));
        List<Step> steps = new ArrayList<>();
        Optional<String> refusal = Optional.empty();
        Optional<String> foreign = Optional.empty();
        if (sweeps) {
            OrphanSweep sweep = OrphanSweep.look(store, ledger);
            StoreTopLevel top = sweep.top();
            if (!top.foreignFolders().isEmpty() || !top.looseObjects().isEmpty()) {
                foreign = Optional.of(top.describeForeign());
            }
            refusal = sweep.refusal(store, settings.emptyRepositoryConfirmed());
            if (refusal.isPresent()) {
                return new CleanupPlan(now, settings.retention(), true, List.of(), refusal, foreign);
            }
            sweep.unreferenced().stream().filter(folder -> !retired.containsKey(folder))
                    .map(folder -> new Step(folder, settings.retention().isZero() ? RECORD_THEN_DELETE : RECORD,
                            Optional.empty()))
                    .forEach(steps::add);
        }
        Instant dueBy = now.minus(settings.retention());
        retired.values().stream().sorted((a, b) -> a.retiredAt().compareTo(b.retiredAt()))
                .map(r -> new Step(r.folder(), r.retiredAt().isAfter(dueBy) ? WAIT : DELETE,
                        Optional.of(r.retiredAt())))
                .forEach(steps::add);
        return new CleanupPlan(now, settings.retention(), sweeps, List.copyOf(steps), refusal, foreign);
    }

    /** How many folders a pass would give {@code action} ({@link #RECORD}, {@link #DELETE}...). */
    public long count(String action) {
        return steps.stream().filter(step -> step.action().equals(action)).count();
    }
}
