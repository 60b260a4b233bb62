package io.mosaicod.server;

class EmbeddedReadConformanceTest extends ReadConformanceContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
