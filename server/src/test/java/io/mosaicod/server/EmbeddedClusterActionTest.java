package io.mosaicod.server;

class EmbeddedClusterActionTest extends ClusterActionContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
