package io.mosaicod.reliability;

import java.nio.file.Path;

/** Scenario 1 scaled out: PostgreSQL and S3 (s3proxy). */
class ScaleOutCrashTest extends CrashTest {
    @Override
    Backend backend(Path dir) {
        return Backend.scaleOut(dir);
    }
}
