package io.mosaicod.reliability;

import java.nio.file.Path;

/** Damaged chunks on the embedded defaults (local store). */
class EmbeddedDamagedChunkTest extends DamagedChunkTest {
    @Override
    Backend backend(Path dir) throws Exception {
        return Backend.embedded(dir.resolve("data"));
    }
}
