package io.mosaicod.core.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Local folders the processes own outright (spill folders, test and benchmark scratch). */
public final class FileTrees {
    private FileTrees() {
    }

    /** Deletes {@code root} and everything below it; nothing to do when it does not exist. */
    public static void delete(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        List<Path> deepestFirst;
        try (Stream<Path> paths = Files.walk(root)) {
            deepestFirst = paths.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path path : deepestFirst) {
            Files.deleteIfExists(path);
        }
    }
}
