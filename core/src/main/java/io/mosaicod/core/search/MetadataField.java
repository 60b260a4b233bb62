package io.mosaicod.core.search;

import java.util.Arrays;
import java.util.Optional;

/** A column of the catalog a sequence or topic block may filter on, by its JSON name. */
public enum MetadataField {
    /** The sequence name, or for a topic its full {@code <seq>/<topic>} locator. */
    NAME("name", FieldKind.TEXT),
    /**
     * The 0.5 dialect's name: the sequence name, or for a topic its path, the part of its locator after
     * {@code <sequence>/}; its {@code $match} is a substring test.
     */
    LOCATOR("locator", FieldKind.SUBSTRING_TEXT),
    CREATED_AT_NS("created_at_ns", FieldKind.TIME),
    ONTOLOGY_TAG("ontology_tag", FieldKind.TEXT),
    SERIALIZATION_FORMAT("serialization_format", FieldKind.TEXT);

    private final String jsonName;
    private final FieldKind kind;

    MetadataField(String jsonName, FieldKind kind) {
        this.jsonName = jsonName;
        this.kind = kind;
    }

    public String jsonName() {
        return jsonName;
    }

    FieldKind kind() {
        return kind;
    }

    static Optional<MetadataField> ofJsonName(String name) {
        return Arrays.stream(values()).filter(field -> field.jsonName.equals(name)).findFirst();
    }
}
