package io.mosaicod.server;

class EmbeddedConcurrencyTest extends ConcurrencyContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
