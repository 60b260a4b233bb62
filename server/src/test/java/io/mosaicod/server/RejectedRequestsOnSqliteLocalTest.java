package io.mosaicod.server;

class RejectedRequestsOnSqliteLocalTest extends RejectedRequestsSuite {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
