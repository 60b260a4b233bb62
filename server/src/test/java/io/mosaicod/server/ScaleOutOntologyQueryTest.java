package io.mosaicod.server;

class ScaleOutOntologyQueryTest extends OntologyQueryContract {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.POSTGRES_S3;
    }
}
