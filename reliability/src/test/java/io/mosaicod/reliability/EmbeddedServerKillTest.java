package io.mosaicod.reliability;

import java.nio.file.Path;

/** A server killed mid-upload on the embedded defaults: SQLite in WAL mode and a local store. */
class EmbeddedServerKillTest extends ServerKillTest {
    @Override
    Backend backend(Path dir) throws Exception {
        return Backend.embedded(dir.resolve("data"));
    }
}
