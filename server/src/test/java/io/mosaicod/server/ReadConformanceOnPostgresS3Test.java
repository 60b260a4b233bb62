package io.mosaicod.server;

class ReadConformanceOnPostgresS3Test extends ReadConformanceSuite {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
