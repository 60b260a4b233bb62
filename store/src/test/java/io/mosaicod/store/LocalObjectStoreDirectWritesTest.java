package io.mosaicod.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
    void directWritesCanBeTurnedOff() throws IOException {
        try (LocalObjectStore store = new LocalObjectStore(temp.resolve("store"), false)) {
            assertThat(store.writesDirect()).isFalse();
        }
    }
}
