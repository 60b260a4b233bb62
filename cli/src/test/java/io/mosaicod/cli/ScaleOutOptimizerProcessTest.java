package io.mosaicod.cli;

import java.nio.file.Path;

/** Child processes on PostgreSQL + S3 (s3proxy), configured through the environment as an operator would. */
class ScaleOutOptimizerProcessTest extends OptimizerProcessContract {
    @Override
    Backend createBackend(Path dataDir) {
        return new Backend.ScaleOut(dataDir);
    }
}
