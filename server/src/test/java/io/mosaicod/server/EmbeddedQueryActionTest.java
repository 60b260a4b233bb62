package io.mosaicod.server;

class EmbeddedQueryActionTest extends QueryActionContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
