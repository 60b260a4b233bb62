package io.mosaicod.server;

class ScaleOutConcurrencyTest extends ConcurrencyContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
