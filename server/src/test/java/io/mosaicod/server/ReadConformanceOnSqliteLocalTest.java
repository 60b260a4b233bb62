package io.mosaicod.server;

class ReadConformanceOnSqliteLocalTest extends ReadConformanceSuite {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
