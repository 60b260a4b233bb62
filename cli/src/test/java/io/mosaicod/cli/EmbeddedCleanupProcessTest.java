package io.mosaicod.cli;

import java.io.IOException;
import java.nio.file.Path;

class EmbeddedCleanupProcessTest extends CleanupProcessContract {
    @Override
    protected Backend createBackend(Path dataDir) throws IOException {
        return new Backend.Embedded(dataDir);
    }
}
