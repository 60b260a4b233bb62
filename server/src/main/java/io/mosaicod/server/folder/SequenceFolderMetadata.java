package io.mosaicod.server.folder;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mosaicod.server.protocol.UserMetadata;
import java.time.Instant;
import java.util.Objects;

/**
 * The {@code metadata.json} of a sequence folder ({@code sq_<ULID>}): enough to tell what the folder is
 * without the repository.
 */
public record SequenceFolderMetadata(String locator, UserMetadata userMetadata, Instant createdAt) {
    static final String KIND = "sequence";

    public SequenceFolderMetadata {
        Objects.requireNonNull(locator, "locator");
        Objects.requireNonNull(userMetadata, "userMetadata");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    public byte[] toJson() {
        ObjectNode root = FolderJson.header(KIND, locator, createdAt);
        root.set("user_metadata", userMetadata.tree());
        return FolderJson.bytes(root);
    }

    public static SequenceFolderMetadata fromJson(byte[] json, String key) throws java.io.IOException {
        ObjectNode root = FolderJson.parse(json, KIND, key);
        return new SequenceFolderMetadata(FolderJson.text(root, "locator", key),
                UserMetadata.of(root.get("user_metadata")), FolderJson.instant(root, "created_at", key));
    }
}
