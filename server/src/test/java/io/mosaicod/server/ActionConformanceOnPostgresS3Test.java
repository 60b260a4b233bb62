package io.mosaicod.server;

class ActionConformanceOnPostgresS3Test extends ActionConformanceSuite {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
