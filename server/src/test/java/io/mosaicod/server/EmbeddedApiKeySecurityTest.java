package io.mosaicod.server;

/** API keys on the embedded defaults: SQLite and a local store. */
class EmbeddedApiKeySecurityTest extends ApiKeySecurityContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
