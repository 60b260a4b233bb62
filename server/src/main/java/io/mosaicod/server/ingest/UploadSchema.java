package io.mosaicod.server.ingest;

import io.mosaicod.core.ClientText;
import io.mosaicod.format.ArrowTypeText;
import io.mosaicod.format.ChunkWriter;
import io.mosaicod.format.UnsupportedColumnTypeException;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.server.protocol.ProtocolException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The schema rules of an upload (PROTOCOL.md §4), judged once, at the stream's first message: a {@code timestamp_ns}
 * column of type int64, only types a chunk can store (at any depth; the codec's schema mapping is the one judge of
 * that, and a refusal names the field path and its type in Arrow's spelling), no two fields of one level with the
 * same name, and at most {@value #MAX_LEAF_COLUMNS} leaf columns. Nothing else is checked against an ontology.
 */
final class UploadSchema {
    static final String TIMESTAMP_COLUMN = WriterProfile.TIMESTAMP_COLUMN;
    /** Most leaf columns (values stored apart, nested fields counted at their leaves) a topic may have. */
    static final int MAX_LEAF_COLUMNS = 4096;

    private UploadSchema() {
    }

    /** @throws ProtocolException INVALID_ARGUMENT {@code Unsupported schema: ...} naming the offending field */
    static void check(Schema schema) {
        Field timestamp = null;
        requireUniqueNames(schema.getFields(), "the schema");
        int leaves = 0;
        for (Field field : schema.getFields()) {
            if (field.getName().equals(TIMESTAMP_COLUMN)) {
                timestamp = field;
            }
            leaves += leafColumns(field);
        }
        if (leaves > MAX_LEAF_COLUMNS) {
            throw unsupported("it has " + leaves + " leaf columns; the limit is " + MAX_LEAF_COLUMNS);
        }
        if (timestamp == null) {
            throw unsupported("it has no `" + TIMESTAMP_COLUMN + "` column");
        }
        if (!(timestamp.getType() instanceof ArrowType.Int t && t.getBitWidth() == 64 && t.getIsSigned())) {
            throw unsupported("`" + TIMESTAMP_COLUMN + "` has type " + ArrowTypeText.of(timestamp) + ", expected int64");
        }
        try (ChunkWriter probe = ChunkWriter.open(OutputStream.nullOutputStream(), "schema check", schema,
                WriterProfile.DEFAULT)) {
            // opening derives the Parquet schema, which rejects types chunks cannot store
        } catch (UnsupportedColumnTypeException e) {
            throw unsupported(e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the null stream cannot fail
        }
    }

    private static void requireUniqueNames(List<Field> fields, String where) {
        Set<String> names = new HashSet<>();
        for (Field field : fields) {
            if (!names.add(field.getName())) {
                throw unsupported("field name `" + ClientText.quote(field.getName()) + "` appears twice in " + where);
            }
            requireUniqueNames(field.getChildren(), "`" + ClientText.quote(field.getName()) + "`");
        }
    }

    private static int leafColumns(Field field) {
        if (field.getChildren().isEmpty()) {
            return 1;
        }
        int leaves = 0;
        for (Field child : field.getChildren()) {
            leaves += leafColumns(child);
        }
        return leaves;
    }

    static ProtocolException unsupported(String reason) {
        return new ProtocolException(io.mosaicod.server.protocol.ErrorCode.INVALID_ARGUMENT,
                "Unsupported schema: " + reason + ".");
    }
}
