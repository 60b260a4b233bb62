package io.mosaicod.core.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTreesTest {

    @TempDir
    Path scratch;

    @Test
    void deletesAFolderWithEverythingBelowItAndNothingBeside() throws IOException {
        Path root = Files.createDirectories(scratch.resolve("spill/a/b"));
        Files.writeString(root.resolve("run-1"), "x");
        Files.writeString(scratch.resolve("spill/a/run-0"), "y");
        Path sibling = Files.writeString(scratch.resolve("keep"), "z");

        FileTrees.delete(scratch.resolve("spill"));

        assertThat(scratch.resolve("spill")).doesNotExist();
        assertThat(sibling).hasContent("z");
    }

    @Test
    void aMissingFolderIsNothingToDo() throws IOException {
        FileTrees.delete(scratch.resolve("never-made"));
        assertThat(scratch).isEmptyDirectory();
    }
}
