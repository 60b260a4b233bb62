package io.mosaicod.server;

class ScaleOutReadConformanceTest extends ReadConformanceContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
