package io.mosaicod.server;

class EmbeddedOntologyQueryTest extends OntologyQueryContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }
}
