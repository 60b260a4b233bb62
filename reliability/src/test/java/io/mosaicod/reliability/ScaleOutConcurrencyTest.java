package io.mosaicod.reliability;

import java.nio.file.Path;

/** Scenario 3 scaled out: PostgreSQL and S3 (s3proxy). */
class ScaleOutConcurrencyTest extends ConcurrencyTest {
    @Override
    Backend backend(Path dir) {
        return Backend.scaleOut(dir);
    }
}
