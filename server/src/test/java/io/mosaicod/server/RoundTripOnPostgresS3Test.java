package io.mosaicod.server;

class RoundTripOnPostgresS3Test extends RoundTripSuite {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
