package io.mosaicod.format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * The part of a chunk's schema a reader decodes: whole top-level columns, or only some fields of a struct
 * column (down through structs; a list or map is always taken whole), as the Arrow schema of the batches and
 * the Parquet schema requested from the file, pruned alike so that their fields stay paired by position.
 */
final class ColumnSelection {
    final Schema arrow;
    final MessageType parquet;

    private ColumnSelection(Schema arrow, MessageType parquet) {
        this.arrow = arrow;
        this.parquet = parquet;
    }

    /**
     * @param paths each a top-level column's name then, optionally, struct field names below it; the columns
     *              come in the order of their first path; null for every column
     */
    static ColumnSelection of(Schema full, MessageType file, List<List<String>> paths, String chunkName)
            throws ChunkFormatException {
        if (paths == null) {
            List<Type> types = new ArrayList<>();
            for (Field f : full.getFields()) {
                types.add(parquetColumn(file, f, chunkName));
            }
            return new ColumnSelection(full, new MessageType(file.getName(), types));
        }
        Map<String, List<List<String>>> byColumn = new LinkedHashMap<>();
        for (List<String> path : paths) {
            byColumn.computeIfAbsent(path.get(0), name -> new ArrayList<>()).add(path.subList(1, path.size()));
        }
        List<Field> fields = new ArrayList<>();
        List<Type> types = new ArrayList<>();
        for (Map.Entry<String, List<List<String>>> column : byColumn.entrySet()) {
            Field field = topLevel(full, column.getKey(), chunkName);
            Pruned pruned = prune(field, parquetColumn(file, field, chunkName), column.getValue());
            fields.add(pruned.field);
            types.add(pruned.type);
        }
        return new ColumnSelection(new Schema(fields, full.getCustomMetadata()), new MessageType(file.getName(), types));
    }

    private static Type parquetColumn(MessageType file, Field field, String chunkName) throws ChunkFormatException {
        if (!file.containsField(field.getName())) {
            throw new ChunkFormatException(chunkName, "Arrow field '" + field.getName() + "' has no Parquet column");
        }
        return file.getType(field.getName());
    }

    private static Field topLevel(Schema full, String name, String chunkName) throws ChunkFormatException {
        Field match = null;
        for (Field f : full.getFields()) {
            if (f.getName().equals(name)) {
                match = f;
            }
        }
        if (match == null) {
            throw new ChunkFormatException(chunkName, "has no column '" + name + "'");
        }
        return match;
    }

    private record Pruned(Field field, Type type) {
    }

    /**
     * {@code field} (and its Parquet {@code type}) with only the struct fields the {@code rest}s name; whole when
     * a rest is empty, when it is not a struct, or when none of the names is among its fields (the reader of a
     * field a chunk lacks then sees it absent, as it would have anyway).
     */
    private static Pruned prune(Field field, Type type, List<List<String>> rest) {
        boolean whole = !(field.getType() instanceof ArrowType.Struct) || type.isPrimitive()
                || type.asGroupType().getFieldCount() != field.getChildren().size()
                || rest.stream().anyMatch(List::isEmpty);
        if (whole) {
            return new Pruned(field, type);
        }
        GroupType group = type.asGroupType();
        List<Field> children = new ArrayList<>();
        List<Type> childTypes = new ArrayList<>();
        for (int i = 0; i < field.getChildren().size(); i++) {
            Field child = field.getChildren().get(i);
            List<List<String>> below = new ArrayList<>();
            for (List<String> r : rest) {
                if (r.get(0).equals(child.getName())) {
                    below.add(r.subList(1, r.size()));
                }
            }
            if (!below.isEmpty()) {
                Pruned pruned = prune(child, group.getType(i), below);
                children.add(pruned.field);
                childTypes.add(pruned.type);
            }
        }
        if (children.isEmpty()) {
            return new Pruned(field, type);
        }
        return new Pruned(new Field(field.getName(), field.getFieldType(), children), group.withNewFields(childTypes));
    }
}
