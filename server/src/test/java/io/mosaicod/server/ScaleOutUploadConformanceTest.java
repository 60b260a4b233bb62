package io.mosaicod.server;

class ScaleOutUploadConformanceTest extends UploadConformanceContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
