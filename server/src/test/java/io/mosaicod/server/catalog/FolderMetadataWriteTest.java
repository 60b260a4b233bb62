package io.mosaicod.server.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.store.Folder;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectStore;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderMetadataWriteTest {
    private static final byte[] METADATA = "{\"locator\":\"run\"}".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    @Test
    void aWrittenFolderKeepsItsRow() throws Exception {
        Folder folder = Folder.newSequence();
        AtomicBoolean undone = new AtomicBoolean();
        try (ObjectStore store = new LocalObjectStore(dir)) {
            FolderMetadataWrite.writeOrUndoRow(store, folder, METADATA, () -> undone.set(true), "sequence `run`");

            assertThat(store.get(folder.metadataKey())).isEqualTo(METADATA);
        }
        assertThat(undone).isFalse();
    }

    @Test
    void aFailedWriteUndoesTheRowAndNamesWhatWasBeingCreated() throws Exception {
        Folder folder = Folder.newTopic();
        // a file where the folder should be: the write fails for any user, root included
        Files.writeString(dir.resolve(folder.name()), "in the way");
        AtomicBoolean undone = new AtomicBoolean();
        try (ObjectStore store = new LocalObjectStore(dir)) {
            assertThatThrownBy(() -> FolderMetadataWrite.writeOrUndoRow(store, folder, METADATA,
                    () -> undone.set(true), "topic `run/imu`"))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessage("cannot write the folder of topic `run/imu`");
        }
        assertThat(undone).isTrue();
    }
}
