package io.mosaicod.reliability;

import java.nio.file.Path;

/** Damaged chunks on PostgreSQL + S3. */
class ScaleOutDamagedChunkTest extends DamagedChunkTest {
    @Override
    Backend backend(Path dir) {
        return Backend.scaleOut(dir);
    }
}
