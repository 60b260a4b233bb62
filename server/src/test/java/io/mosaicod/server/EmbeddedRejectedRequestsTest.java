package io.mosaicod.server;

class EmbeddedRejectedRequestsTest extends RejectedRequestsContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
