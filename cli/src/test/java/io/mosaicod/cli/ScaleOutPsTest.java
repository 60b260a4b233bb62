package io.mosaicod.cli;

import java.nio.file.Path;

class ScaleOutPsTest extends PsCommandContract {
    @Override
    protected Backend createBackend(Path dataDir) {
        return new Backend.ScaleOut(dataDir);
    }
}
