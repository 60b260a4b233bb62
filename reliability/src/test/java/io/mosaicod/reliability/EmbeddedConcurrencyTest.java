package io.mosaicod.reliability;

import java.nio.file.Path;

/** Scenario 3 on the embedded defaults: six processes and the test share one SQLite file in WAL mode. */
class EmbeddedConcurrencyTest extends ConcurrencyTest {
    @Override
    Backend backend(Path dir) throws Exception {
        return Backend.embedded(dir.resolve("data"));
    }
}
