package io.mosaicod.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which way the local store writes: {@link LocalObjectStoreTest} runs the store contract with direct writes
 * (where the temporary directory's file system takes them), {@link LocalObjectStoreBufferedTest} through the
 * page cache.
 */
class LocalObjectStoreDirectWritesTest {
    @TempDir
    Path temp;

    @Test
    void aFileSystemThatTakesDirectWritesGetsThemAndTheProbeLeavesNothingBehind() throws IOException {
        try (LocalObjectStore store = new LocalObjectStore(temp.resolve("store"))) {
            assumeTrue(store.writesDirect(), "the file system of " + temp + " refuses O_DIRECT");
            try (Stream<Path> files = Files.list(store.root())) {
                assertThat(files).as("files left in the store root by the probe").isEmpty();
            }
        }
    }

    @Test
    void anObjectSmallerThanABufferIsWrittenAsOneFileOfItsExactSizeWhenItsContentEnds() throws IOException {
        try (LocalObjectStore store = new LocalObjectStore(temp.resolve("store"))) {
            assumeTrue(store.writesDirect(), "the file system of " + temp + " refuses O_DIRECT");
            Path data = store.root().resolve("tp_A/data");
            try (ObjectWriter writer = store.newWriter("tp_A/data/00000.parquet")) {
                writer.stream().write(new byte[10_000]);
                assertThat(filesIn(data)).as("files before the content ends").isEmpty();

                writer.endContent();
                List<Path> written = filesIn(data);
                assertThat(written).as("files once the content ended").hasSize(1);
                assertThat(Files.size(written.get(0))).isEqualTo(10_000);
                writer.commit();
            }
            assertThat(Files.size(data.resolve("00000.parquet"))).isEqualTo(10_000);
        }
    }

    private static List<Path> filesIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.toList();
        }
    }

    @Test
    void directWritesCanBeTurnedOff() throws IOException {
        try (LocalObjectStore store = new LocalObjectStore(temp.resolve("store"), false)) {
            assertThat(store.writesDirect()).isFalse();
        }
    }
}
