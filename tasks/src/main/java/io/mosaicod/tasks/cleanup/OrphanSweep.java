package io.mosaicod.tasks.cleanup;

import io.mosaicod.db.CleanupLedger;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The orphan sweep's look at the store: its top-level folders, from one delimited listing (one request per page of
 * folders; nothing inside a folder is read), against the folders the repository references, read after the
 * listing so that every folder listed that was referenced by then counts as referenced. It finds what the retired
 * folder record misses: folders left by a crash between a write and its record, and those that older versions of
 * the cleanup marked with a {@code TO_DELETE} object.
 *
 * @param referenced what the repository referenced right after the listing
 */
record OrphanSweep(StoreTopLevel top, Set<String> referenced) {
    /** The reason the retired folder record gives for what a sweep recorded. */
    static final String REASON = "found by the orphan sweep";

    static OrphanSweep look(ObjectStore store, CleanupLedger ledger) throws IOException {
        StoreTopLevel top = StoreTopLevel.list(store);
        return new OrphanSweep(top, ledger.referencedFolders());
    }

    /** mosaicod's folders that nothing referenced: each is recorded as retired unless it is already. */
    List<String> unreferenced() {
        return top.folders().stream().filter(folder -> !referenced.contains(folder)).toList();
    }

    /** Why the sweep must not record anything in this store, if it must not (see {@link StoreTopLevel#refusal}). */
    Optional<String> refusal(ObjectStore store, boolean emptyRepositoryConfirmed) {
        return top.refusal(referenced, store, emptyRepositoryConfirmed);
    }
}
