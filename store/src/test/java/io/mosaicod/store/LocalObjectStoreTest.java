package io.mosaicod.store;

import io.mosaicod.testkit.TestSeed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LocalObjectStoreTest extends ObjectStoreContract {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    @TempDir
    Path temp;
    Path root;

    @Override
    protected ObjectStore newStore() throws IOException {
        root = temp.resolve("store");
        return new LocalObjectStore(root);
    }

    @Test
    void objectsOfEverySizeAroundTheWriteBlocksComeBackWhole() throws IOException {
        int block = 4096;
        int buffer = DirectTemporaryFile.BUFFER_BYTES;
        Random random = new Random(SEED.value());
        for (int size : new int[] {1, block - 1, block, block + 1, buffer - 1, buffer, buffer + 1, 3 * buffer + 12_345}) {
            byte[] content = new byte[size];
            random.nextBytes(content);
            String key = "tp_A/data/" + size + ".parquet";
            try (ObjectWriter writer = store.newWriter(key)) {
                for (int at = 0; at < size; ) {
                    int piece = Math.min(size - at, 1 + random.nextInt(3 * block));
                    writer.stream().write(content, at, piece);
                    at += piece;
                }
                writer.commit();
            }
            assertThat(Files.size(root.resolve(key))).as("file size of a %d-byte object", size).isEqualTo(size);
            assertThat(store.get(key)).as("%d-byte object", size).isEqualTo(content);
        }
    }

    @Override
    protected List<String> unfinishedWrites() throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).filter(LocalListing::isTemporary)
                    .map(path -> root.relativize(path).toString()).toList();
        }
    }

    @Test
    void readingAheadAMissingObjectSaysSo() {
        assertThatThrownBy(() -> store.readAhead("tp_A/data/00000.parquet"))
                .isInstanceOf(ObjectNotFoundException.class).hasMessageContaining("tp_A/data/00000.parquet");
    }

    @Test
    void anUnfinishedWriteIsOnlyAHiddenTemporaryFileBesideTheTarget() throws IOException {
        try (ObjectWriter writer = store.newWriter("tp_A/data/00000.parquet")) {
            // more than a direct writer buffers before it creates its file
            writer.stream().write(new byte[DirectTemporaryFile.BUFFER_BYTES + 100_000]);

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
