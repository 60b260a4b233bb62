package io.mosaicod.tasks.cleanup;

import io.mosaicod.db.Repository;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What a cleanup pass would do now, found without changing anything — no pass recorded, no marker written, no
 * folder deleted — for {@code mosaicod cleanup --dry-run}. It decides as a pass does ({@link FolderAction}); a
 * pass re-checks the repository before each step, so it may still do less than planned, never more.
 *
 * @param now      the database time the plan was made at
 * @param steps    each mosaicod folder with what a pass would do to it
 * @param refusal  why a pass would refuse to act on this store at all, if it would
 * @param foreign  what a pass would leave alone because it is not mosaicod's, in one sentence; empty if nothing
 */
public record CleanupPlan(Instant now, Duration retention, List<Step> steps, Optional<String> refusal,
                          Optional<String> foreign) {

    /** One folder: what a pass would do, and when it was marked if it was. */
    public record Step(String folder, String action, Optional<Instant> markedAt) {
    }

    /** What a pass with {@code settings} would do now. */
    public static CleanupPlan of(Repository repository, ObjectStore store, CleanupSettings settings)
            throws IOException {
        Duration retention = settings.retention();
        StoreTopLevel top = StoreTopLevel.list(store);
        Set<String> referenced = repository.cleanupLedger().referencedFolders();
        Instant now = repository.now();
        Optional<String> foreign = top.foreignFolders().isEmpty() && top.looseObjects().isEmpty() ? Optional.empty()
                : Optional.of(top.describeForeign());
        Optional<String> refusal = top.refusal(referenced, store, settings.emptyRepositoryConfirmed());
        List<Step> steps = new ArrayList<>();
        if (refusal.isEmpty()) {
            for (String folder : top.folders()) {
                Optional<byte[]> marker = FolderCleaner.readMarker(store, folder);
                Optional<Instant> markedAt = marker.flatMap(DeletionMarker::markedAt);
                FolderAction action = FolderAction.decide(referenced.contains(folder), marker.isPresent(), markedAt,
                        now, retention);
                steps.add(new Step(folder, action.name().toLowerCase(Locale.ROOT).replace('_', ' '),
                        markedAt));
            }
        }
        return new CleanupPlan(now, retention, List.copyOf(steps), refusal, foreign);
    }

    /** How many folders a pass would give {@code action} ({@code "keep"}, {@code "mark"}, {@code "delete"}...). */
    public long count(String action) {
        return steps.stream().filter(step -> step.action().equals(action)).count();
    }
}
