package io.mosaicod.server;

class ConcurrencyOnSqliteLocalTest extends ConcurrencySuite {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
