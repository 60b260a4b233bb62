package io.mosaicod.cli;

import java.io.IOException;
import java.nio.file.Path;

class EmbeddedPsTest extends PsCommandContract {
    @Override
    protected Backend createBackend(Path dataDir) throws IOException {
        return new Backend.Embedded(dataDir);
    }
}
