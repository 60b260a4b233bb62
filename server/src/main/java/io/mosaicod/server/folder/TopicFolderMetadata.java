package io.mosaicod.server.folder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mosaicod.format.ArrowSchemaMetadata;
import io.mosaicod.server.protocol.UserMetadata;
import java.io.IOException;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The {@code metadata.json} of a topic folder ({@code tp_<ULID>}): what a reader needs to understand the
 * folder's chunks without the repository. Written at {@code topic_create}, then rewritten with the Arrow
 * schema when the upload starts; the optimizer copies it byte for byte into the folders it writes.
 *
 * @param arrowSchema the schema every chunk of the topic has, once an upload started
 */
public record TopicFolderMetadata(String locator, String sessionLocator, String serializationFormat,
                                  String ontologyTag, UserMetadata userMetadata, Instant createdAt,
                                  Optional<Schema> arrowSchema) {
    static final String KIND = "topic";

    public TopicFolderMetadata {
        Objects.requireNonNull(locator, "locator");
        Objects.requireNonNull(sessionLocator, "sessionLocator");
        Objects.requireNonNull(serializationFormat, "serializationFormat");
        Objects.requireNonNull(ontologyTag, "ontologyTag");
        Objects.requireNonNull(userMetadata, "userMetadata");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(arrowSchema, "arrowSchema");
    }

    public TopicFolderMetadata withSchema(Schema schema) {
        return new TopicFolderMetadata(locator, sessionLocator, serializationFormat, ontologyTag, userMetadata,
                createdAt, Optional.of(schema));
    }

    public byte[] toJson() {
        ObjectNode root = FolderJson.header(KIND, locator, createdAt);
        root.put("session", sessionLocator);
        root.put("serialization_format", serializationFormat);
        root.put("ontology_tag", ontologyTag);
        root.set("user_metadata", userMetadata.tree());
        arrowSchema.ifPresent(schema -> root.put("arrow_schema", ArrowSchemaMetadata.encode(schema)));
        return FolderJson.bytes(root);
    }

    /** @param key the object key, named in errors */
    public static TopicFolderMetadata fromJson(byte[] json, String key) throws IOException {
        ObjectNode root = FolderJson.parse(json, KIND, key);
        JsonNode schema = root.get("arrow_schema");
        Optional<Schema> arrowSchema = Optional.empty();
        if (schema != null && !schema.isNull()) {
            try {
                arrowSchema = Optional.of(ArrowSchemaMetadata.decode(schema.asText(), key));
            } catch (IOException | RuntimeException e) {
                throw new IOException("'" + key + "': " + e.getMessage(), e);
            }
        }
        return new TopicFolderMetadata(FolderJson.text(root, "locator", key), FolderJson.text(root, "session", key),
                FolderJson.text(root, "serialization_format", key), FolderJson.text(root, "ontology_tag", key),
                UserMetadata.of(root.get("user_metadata")), FolderJson.instant(root, "created_at", key), arrowSchema);
    }
}
