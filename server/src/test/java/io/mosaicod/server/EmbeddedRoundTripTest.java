package io.mosaicod.server;

class EmbeddedRoundTripTest extends RoundTripContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
