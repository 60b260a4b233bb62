package io.mosaicod.reliability;

import java.nio.file.Path;

/** A server killed mid-upload on PostgreSQL and S3 (s3proxy). */
class ScaleOutServerKillTest extends ServerKillTest {
    @Override
    Backend backend(Path dir) {
        return Backend.scaleOut(dir);
    }
}
