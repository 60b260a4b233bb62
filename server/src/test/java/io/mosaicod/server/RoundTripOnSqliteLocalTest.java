package io.mosaicod.server;

class RoundTripOnSqliteLocalTest extends RoundTripSuite {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
