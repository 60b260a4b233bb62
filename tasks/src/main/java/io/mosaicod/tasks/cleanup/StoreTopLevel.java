package io.mosaicod.tasks.cleanup;

import io.mosaicod.core.CountText;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ListEntry;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.PrefixEntry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an orphan sweep finds at the top of the store: mosaicod's folders, which the cleanup owns, and whatever else
 * shares the bucket or prefix — other applications' folders, stray objects — which it never records or deletes: a
 * store prefix forgotten in the configuration must not cost another application its data.
 *
 * @param folders        mosaicod's folders ({@code sq_<ULID>}, {@code tp_<ULID>}), without their {@code /}
 * @param foreignFolders the other folders
 * @param looseObjects   objects at the top level, outside any folder
 */
record StoreTopLevel(List<String> folders, List<String> foreignFolders, List<String> looseObjects) {
    private static final Logger LOG = LoggerFactory.getLogger(StoreTopLevel.class);
    /** How many foreign names the pass's line quotes; the rest are counted. */
    private static final int NAMES_SHOWN = 10;

    static StoreTopLevel list(ObjectStore store) throws IOException {
        List<String> folders = new ArrayList<>();
        List<String> foreign = new ArrayList<>();
        List<String> loose = new ArrayList<>();
        try (Stream<ListEntry> entries = store.listDelimited("")) {
            entries.forEach(entry -> {
                if (entry instanceof PrefixEntry prefix) {
                    String folder = prefix.key().substring(0, prefix.key().length() - 1);
                    (Folder.isFolderName(folder) ? folders : foreign).add(folder);
                } else {
                    loose.add(entry.key());
                }
            });
        }
        return new StoreTopLevel(List.copyOf(folders), List.copyOf(foreign), List.copyOf(loose));
    }

    /**
     * Why a pass must not act on this store, if it must not: the repository references folders and the store
     * holds none of them, so the store is not the repository's (another bucket, a forgotten prefix); or the
     * repository references nothing while the store holds mosaicod's folders, which is what a repository created
     * by mistake looks like (a data folder or database URL missed from the configuration) — unless the operator
     * confirmed that every sequence was deleted on purpose.
     */
    Optional<String> refusal(Set<String> referenced, ObjectStore store, boolean emptyRepositoryConfirmed) {
        if (referenced.isEmpty()) {
            if (folders.isEmpty() || emptyRepositoryConfirmed) {
                return Optional.empty();
            }
            return Optional.of("the repository references no folder, but the " + store + " holds " + folders.size()
                    + " of mosaicod's: is it the repository this store belongs to (MOSAICOD_DATA_DIR,"
                    + " MOSAICOD_DB_URL, the configuration file's [database])? Nothing was marked or deleted. If every"
                    + " sequence was deleted on purpose, run the cleanup with --confirm-empty-repository");
        }
        if (folders.stream().anyMatch(referenced::contains)) {
            return Optional.empty();
        }
        return Optional.of("no folder the repository references (" + CountText.of(referenced.size(), "folder")
                + ") is in the " + store
                + ": is it the right bucket and prefix? Nothing was marked or deleted");
    }

    /** Everything that is not mosaicod's, in one sentence. */
    String describeForeign() {
        return CountText.of(foreignFolders.size(), "folder") + " (" + names(foreignFolders) + ") and "
                + CountText.of(looseObjects.size(), "object") + " (" + names(looseObjects) + ")";
    }

    /** One line per pass for everything that is not mosaicod's, if there is any. */
    void reportForeign(long passId) {
        if (foreignFolders.isEmpty() && looseObjects.isEmpty()) {
            return;
        }
        LOG.warn("Cleanup pass {} leaves alone what is not mosaicod's: {} at the top level of the store", passId,
                describeForeign());
    }

    private static String names(List<String> names) {
        String shown = String.join(", ", names.subList(0, Math.min(NAMES_SHOWN, names.size())));
        return names.size() > NAMES_SHOWN ? shown + ", … " + (names.size() - NAMES_SHOWN) + " more" : shown;
    }
}
