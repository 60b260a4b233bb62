package io.mosaicod.server;

class EmbeddedUploadConformanceTest extends UploadConformanceContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
