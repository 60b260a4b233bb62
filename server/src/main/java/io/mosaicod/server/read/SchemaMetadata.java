package io.mosaicod.server.read;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Schema;

/** Adds the {@code mosaico:*} entries to a topic schema, keeping the metadata its client sent. */
final class SchemaMetadata {
    private SchemaMetadata() {
    }

    static Schema with(Schema schema, Map<String, String> mosaico) {
        Map<String, String> metadata = new LinkedHashMap<>();
        if (schema.getCustomMetadata() != null) {
            metadata.putAll(schema.getCustomMetadata());
        }
        metadata.putAll(mosaico); // the server's entries win over a client's entries of the same name
        return new Schema(schema.getFields(), metadata);
    }
}
