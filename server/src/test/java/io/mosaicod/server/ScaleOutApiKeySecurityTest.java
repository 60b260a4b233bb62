package io.mosaicod.server;

/** API keys on the scale-out pair: PostgreSQL and S3. */
class ScaleOutApiKeySecurityTest extends ApiKeySecurityContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
