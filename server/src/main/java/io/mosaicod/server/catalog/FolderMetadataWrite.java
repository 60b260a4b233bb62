package io.mosaicod.server.catalog;

import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The second step of creating a sequence or a topic. The repository row comes first, so the folder is
 * referenced before anything is in it and a cleanup pass running at the same moment, even with retention 0,
 * never deletes part of what is being created; then the folder's {@code metadata.json} is written, and the row
 * undone if that fails, so that no row points at a folder without one.
 */
final class FolderMetadataWrite {
    private FolderMetadataWrite() {
    }

    /**
     * Writes {@code metadataJson} into {@code folder}; if that fails, runs {@code undoRow} and throws.
     *
     * @param what names the sequence or topic in the error, e.g. {@code sequence `run_1`}
     */
    static void writeOrUndoRow(ObjectStore store, Folder folder, byte[] metadataJson, Runnable undoRow,
                               String what) {
        try {
            store.put(folder.metadataKey(), metadataJson);
        } catch (IOException e) {
            undoRow.run();
            throw new UncheckedIOException("cannot write the folder of " + what, e);
        }
    }
}
