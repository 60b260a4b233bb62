package io.mosaicod.server;

class ScaleOutRoundTripTest extends RoundTripContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
