package io.mosaicod.server;

class ScaleOutActionConformanceTest extends ActionConformanceContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
