package io.mosaicod.server;

class EmbeddedActionConformanceTest extends ActionConformanceContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
