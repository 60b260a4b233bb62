package io.mosaicod.server;

class ScaleOutQueryActionTest extends QueryActionContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
