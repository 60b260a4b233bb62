package io.mosaicod.reliability;

import java.nio.file.Path;

/** Scenario 1 on the embedded defaults: SQLite in WAL mode and a local store. */
class EmbeddedCrashTest extends CrashTest {
    @Override
    Backend backend(Path dir) throws Exception {
        return Backend.embedded(dir.resolve("data"));
    }
}
