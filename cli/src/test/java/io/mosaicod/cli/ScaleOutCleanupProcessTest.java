package io.mosaicod.cli;

import java.nio.file.Path;

class ScaleOutCleanupProcessTest extends CleanupProcessContract {
    @Override
    protected Backend createBackend(Path dataDir) {
        return new Backend.ScaleOut(dataDir);
    }
}
