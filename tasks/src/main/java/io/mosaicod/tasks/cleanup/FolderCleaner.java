package io.mosaicod.tasks.cleanup;

import io.mosaicod.core.CountText;
import io.mosaicod.db.CleanupLedger;
import io.mosaicod.db.CleanupPass;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectNotFoundException;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out a pass's {@link FolderAction} on one top-level folder. Every step that could lose data
 * consults the repository afresh rather than the pass's snapshot of references, which may be minutes old:
 * a marker is kept only if the folder is still unreferenced after the marker was written, and a folder is
 * deleted only if it is unreferenced right before the deletion (DESIGN.md §7; docs/cleanup.md has the
 * safety argument).
 */
final class FolderCleaner {
    private static final Logger LOG = LoggerFactory.getLogger(FolderCleaner.class);

    private final CleanupLedger ledger;
    private final ObjectStore store;
    private final Duration retention;
    private final CleanupPass pass;
    private final PassTally tally;

    FolderCleaner(CleanupLedger ledger, ObjectStore store, Duration retention, CleanupPass pass, PassTally tally) {
        this.ledger = ledger;
        this.store = store;
        this.retention = retention;
        this.pass = pass;
        this.tally = tally;
    }

    /**
     * @param referenced whether the pass's snapshot of references, taken after listing the store, has it
     * @param now        the database time now
     */
    void clean(String folder, boolean referenced, Instant now) throws IOException {
        Optional<byte[]> marker = readMarker(store, folder);
        Optional<Instant> markedAt = marker.flatMap(DeletionMarker::markedAt);
        if (marker.isPresent() && markedAt.isEmpty() && !referenced) {
            LOG.warn("Marker {} holds no marking time; marking the folder again", markerKey(folder));
        }
        switch (FolderAction.decide(referenced, marker.isPresent(), markedAt, now, retention)) {
            case KEEP, WAIT -> {
            }
            case UNMARK -> unmark(folder);
            case MARK -> mark(folder, now);
            case MARK_THEN_DELETE -> {
                if (mark(folder, now)) {
                    delete(folder);
                }
            }
            case DELETE -> delete(folder);
        }
    }

    /** @return whether the folder stays marked: false if it turned out to be referenced after all */
    private boolean mark(String folder, Instant now) throws IOException {
        store.put(markerKey(folder), DeletionMarker.content(now, pass.instanceId(), pass.runId()));
        // written first, checked second: a reference recorded before this check is seen, so a marker that
        // stays was written while nothing referenced the folder
        if (ledger.isFolderReferenced(folder)) {
            unmark(folder);
            return false;
        }
        tally.marked();
        LOG.debug("Marked folder {} for deletion", folder);
        return true;
    }

    private void delete(String folder) throws IOException {
        if (ledger.isFolderReferenced(folder)) {
            unmark(folder);
            return;
        }
        long objects = store.deleteFolder(folder);
        if (ledger.isFolderReferenced(folder)) {
            // only a writer that puts objects into a new folder before recording it can get here (see
            // docs/cleanup.md); the deletion cannot be undone, so at least say loudly which folder it hit
            throw new IllegalStateException("folder " + folder + " was recorded in the repository while the"
                    + " cleanup deleted it (" + CountText.of(objects, "object") + " deleted)");
        }
        tally.deleted();
        LOG.atInfo().addKeyValue("folder", folder).addKeyValue("objects", objects)
                .log("Deleted folder {} ({})", folder, CountText.of(objects, "object"));
    }

    private void unmark(String folder) throws IOException {
        store.delete(markerKey(folder));
        LOG.info("Folder {} is referenced: its deletion marker was removed", folder);
    }

    static Optional<byte[]> readMarker(ObjectStore store, String folder) throws IOException {
        try {
            return Optional.of(store.get(markerKey(folder)));
        } catch (ObjectNotFoundException e) {
            return Optional.empty();
        }
    }

    static String markerKey(String folder) {
        return folder + "/" + Folder.TO_DELETE_MARKER;
    }
}
