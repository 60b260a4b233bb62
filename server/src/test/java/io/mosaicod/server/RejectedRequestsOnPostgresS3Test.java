package io.mosaicod.server;

class RejectedRequestsOnPostgresS3Test extends RejectedRequestsSuite {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
