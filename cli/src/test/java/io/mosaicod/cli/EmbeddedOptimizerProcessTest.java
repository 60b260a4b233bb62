package io.mosaicod.cli;

import java.io.IOException;
import java.nio.file.Path;

/** Child processes on the embedded defaults: one data folder with the SQLite file and the local store. */
class EmbeddedOptimizerProcessTest extends OptimizerProcessContract {
    @Override
    Backend createBackend(Path dataDir) throws IOException {
        return new Backend.Embedded(dataDir);
    }
}
