package io.mosaicod.server;

class ActionConformanceOnSqliteLocalTest extends ActionConformanceSuite {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
