package io.mosaicod.tasks.cleanup;

import io.mosaicod.core.CountText;
import io.mosaicod.db.CleanupLedger;
import io.mosaicod.db.RetiredFolder;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes one retired folder whose retention has passed, if it is mosaicod's ({@code sq_<ULID>}, {@code tp_<ULID>}:
 * others are never touched). The repository is asked again right before the deletion
 * and right after it, rather than trusted from when the folder was recorded: a folder referenced again is only
 * forgotten (the repository records it anew when that reference ends), and one recorded while it was being deleted
 * is reported loudly (docs/cleanup.md has the safety argument).
 */
final class RetiredFolderDeleter {
    private static final Logger LOG = LoggerFactory.getLogger(RetiredFolderDeleter.class);

    private final CleanupLedger ledger;
    private final ObjectStore store;
    private final PassTally tally;

    RetiredFolderDeleter(CleanupLedger ledger, ObjectStore store, PassTally tally) {
        this.ledger = ledger;
        this.store = store;
        this.tally = tally;
    }

    void delete(RetiredFolder retired) throws IOException {
        String folder = retired.folder();
        if (!Folder.isFolderName(folder)) {
            // a repository row may name any folder (an import, an older version); the cleanup owns only its own
            ledger.forget(retired);
            LOG.warn("Folder {} is retired in the repository but is not mosaicod's: it is left alone", folder);
            return;
        }
        if (ledger.isFolderReferenced(folder)) {
            ledger.forget(retired);
            LOG.info("Folder {} is referenced again: it is kept", folder);
            return;
        }
        long objects = store.deleteFolder(folder);
        if (ledger.isFolderReferenced(folder)) {
            // only a writer that puts objects into a new folder before recording it can get here (see
            // docs/cleanup.md); the deletion cannot be undone, so at least say loudly which folder it hit
            throw new IllegalStateException("folder " + folder + " was recorded in the repository while the"
                    + " cleanup deleted it (" + CountText.of(objects, "object") + " deleted)");
        }
        // forgotten only once deleted: a pass that dies in between deletes it again, which costs nothing
        ledger.forget(retired);
        tally.deleted();
        LOG.atInfo().addKeyValue("folder", folder).addKeyValue("objects", objects)
                .addKeyValue("reason", retired.reason())
                .log("Deleted folder {} ({}; {} at {})", folder, CountText.of(objects, "object"), retired.reason(),
                        retired.retiredAt());
    }
}
