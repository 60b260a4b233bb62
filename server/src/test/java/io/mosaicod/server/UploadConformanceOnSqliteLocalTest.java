package io.mosaicod.server;

class UploadConformanceOnSqliteLocalTest extends UploadConformanceSuite {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
