package io.mosaicod.core.search;

import java.util.List;

/** The conditions of a sequence or topic block, all of which must hold. */
public record MetadataFilter(List<FieldCondition> fields, List<UserMetadataCondition> userMetadata) {
    public static final MetadataFilter NONE = new MetadataFilter(List.of(), List.of());

    public record FieldCondition(MetadataField field, Condition condition) {
    }

    public record UserMetadataCondition(KeyPath path, Condition condition) {
    }

    public MetadataFilter {
        fields = List.copyOf(fields);
        userMetadata = List.copyOf(userMetadata);
    }

    public boolean isEmpty() {
        return fields.isEmpty() && userMetadata.isEmpty();
    }
}
