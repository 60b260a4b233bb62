package io.mosaicod.reliability;

import java.nio.file.Path;

/** The upload kill campaign on the embedded defaults: SQLite in WAL mode and a local store. */
class EmbeddedUploadKillTest extends UploadKillTest {
    @Override
    Backend backend(Path dir) throws Exception {
        return Backend.embedded(dir.resolve("data"));
    }
}
