package io.mosaicod.client.generate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/** Field builders for the generated schemas: every field documents itself ({@code description}, unit...). */
final class Fields {
    static final String TIMESTAMP = "timestamp_ns";

    private Fields() {
    }

    /** The Int64 timestamp every topic has (PROTOCOL.md §4). */
    static Field timestamp() {
        return leaf(TIMESTAMP, new ArrowType.Int(64, true), false, "Acquisition time, nanoseconds since the epoch",
                "unit", "ns");
    }

    /** A field without children; {@code extra} alternates metadata keys and values. */
    static Field leaf(String name, ArrowType type, boolean nullable, String description, String... extra) {
        return new Field(name, new FieldType(nullable, type, null, metadata(description, extra)), null);
    }

    static Field struct(String name, boolean nullable, String description, List<Field> children) {
        return new Field(name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null, metadata(description)),
                children);
    }

    static Field list(String name, Field element, String description, String... extra) {
        return new Field(name, new FieldType(false, ArrowType.List.INSTANCE, null, metadata(description, extra)),
                List.of(element));
    }

    private static Map<String, String> metadata(String description, String... extra) {
        if (extra.length % 2 != 0) {
            throw new IllegalArgumentException("metadata comes in key/value pairs");
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("description", description);
        for (int i = 0; i < extra.length; i += 2) {
            metadata.put(extra[i], extra[i + 1]);
        }
        return metadata;
    }
}
