package io.mosaicod.server;

class UploadConformanceOnPostgresS3Test extends UploadConformanceSuite {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
