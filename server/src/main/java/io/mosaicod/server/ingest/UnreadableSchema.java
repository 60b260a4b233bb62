package io.mosaicod.server.ingest;

import java.util.Locale;
import java.util.Optional;
import org.apache.arrow.flatbuf.Decimal;
import org.apache.arrow.flatbuf.Field;
import org.apache.arrow.flatbuf.Schema;
import org.apache.arrow.flatbuf.Type;
import org.apache.arrow.vector.ipc.message.MessageMetadataResult;

/**
 * The field of a schema message that Arrow Java cannot represent (a decimal32 or decimal64, a type newer than the
 * library), found in the message itself, so that the refusal names it as any other refused type is named: its path
 * and its type in Arrow's spelling.
 */
final class UnreadableSchema {

    private UnreadableSchema() {
    }

    /** {@code field `path` has type T}, for the first field that does not convert; empty if each of them does. */
    static Optional<String> firstUnreadableField(MessageMetadataResult message) {
        Schema schema = (Schema) message.getMessage().header(new Schema());
        for (int i = 0; schema != null && i < schema.fieldsLength(); i++) {
            Field field = schema.fields(i);
            Optional<String> found = unreadable(field, field.name());
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /** The deepest field below {@code field} (or itself) that does not convert. */
    private static Optional<String> unreadable(Field field, String path) {
        try {
            org.apache.arrow.vector.types.pojo.Field.convertField(field);
            return Optional.empty();
        } catch (RuntimeException e) {
            for (int i = 0; i < field.childrenLength(); i++) {
                Field child = field.children(i);
                Optional<String> found = unreadable(child, path + childStep(field.typeType(), child.name()));
                if (found.isPresent()) {
                    return found;
                }
            }
            return Optional.of("field `" + io.mosaicod.core.ClientText.quote(path) + "` has type " + typeText(field));
        }
    }

    /** As the chunk codec names the fields of a path: `.` into a struct or a map's entries, `[]` into a list. */
    private static String childStep(byte parentType, String childName) {
        return switch (parentType) {
            case Type.Struct_ -> "." + childName;
            case Type.Map -> "";
            default -> "[]";
        };
    }

    private static String typeText(Field field) {
        if (field.typeType() == Type.Decimal) {
            Decimal decimal = (Decimal) field.type(new Decimal());
            return "decimal" + decimal.bitWidth() + "(" + decimal.precision() + ", " + decimal.scale() + ")";
        }
        return Type.name(field.typeType()).toLowerCase(Locale.ROOT);
    }
}
