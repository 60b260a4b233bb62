package io.mosaicod.server;

class ScaleOutClusterActionTest extends ClusterActionContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
