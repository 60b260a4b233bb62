package io.mosaicod.server;

class ScaleOutRejectedRequestsTest extends RejectedRequestsContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
