package io.mosaicod.server;

class ConcurrencyOnPostgresS3Test extends ConcurrencySuite {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
