package io.mosaicod.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class LocalObjectStoreTest extends ObjectStoreContract {
    @TempDir
    Path temp;
    private Path root;

    @Override
    protected ObjectStore newStore() throws IOException {
        root = temp.resolve("store");
        return new LocalObjectStore(root);
    }

    @Override
    protected List<String> unfinishedWrites() throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).filter(LocalListing::isTemporary)
                    .map(path -> root.relativize(path).toString()).toList();
        }
    }

    @Test
    void anUnfinishedWriteIsOnlyAHiddenTemporaryFileBesideTheTarget() throws IOException {
        try (ObjectWriter writer = store.newWriter("tp_A/data/00000.parquet")) {
            writer.stream().write(new byte[100_000]);

            try (Stream<Path> files = Files.list(root.resolve("tp_A/data"))) {
                assertThat(files.map(p -> p.getFileName().toString()))
                        .singleElement().asString().startsWith(".tmp-00000.parquet-");
            }
            writer.commit();
        }
        try (Stream<Path> files = Files.list(root.resolve("tp_A/data"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("00000.parquet");
        }
    }

    @Test
    void aCrashedWritersTemporaryFileIsNeverListedAndDeleteFolderRemovesIt() throws IOException {
        Files.createDirectories(root.resolve("tp_A/data"));
        Files.write(root.resolve("tp_A/data/.tmp-00000.parquet-0123456789abcdef"), new byte[10]);

        assertThat(store.list("")).isEmpty();
        assertThat(store.listDelimited("")).as("a folder holding only temp files is no common prefix").isEmpty();
        assertThat(store.deleteFolder("tp_A")).as("temp files are not objects").isZero();
        assertThat(root.resolve("tp_A")).doesNotExist();
    }

    @Test
    void emptyDirectoriesLeftByDeletesAreNotListedAsFolders() throws IOException {
        store.put("tp_A/data/00000.parquet", bytes("c"));
        store.delete("tp_A/data/00000.parquet");

        assertThat(root.resolve("tp_A/data")).isDirectory();
        assertThat(store.listDelimited("")).isEmpty();
        assertThat(store.listDelimited("tp_A/")).isEmpty();
    }
}
