package io.mosaicod.format;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;

/**
 * Pairs an Arrow schema with a Parquet schema and lists their leaf columns. Top-level fields are matched by
 * name (so a projected Parquet schema works); nested fields by position, because list and map children are
 * named differently by different writers. Definition and repetition levels come from the Parquet side, so
 * a file whose nullability differs from its Arrow schema (DuckDB makes everything optional) still decodes.
 */
final class ColumnLayout {

    private final MessageType parquet;
    private final String chunkName;
    private final List<LeafColumn> leaves = new ArrayList<>();

    private ColumnLayout(MessageType parquet, String chunkName) {
        this.parquet = parquet;
        this.chunkName = chunkName;
    }

    static List<LeafColumn> leaves(Schema arrow, MessageType parquet, String chunkName) throws ChunkFormatException {
        ColumnLayout layout = new ColumnLayout(parquet, chunkName);
        List<Field> fields = arrow.getFields();
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            if (!parquet.containsField(f.getName())) {
                throw new ChunkFormatException(chunkName, "Arrow field '" + f.getName() + "' has no Parquet column");
            }
            layout.walk(f, parquet.getType(f.getName()), i, 0, 0, new ArrayList<>(), new ArrayList<>(),
                    f.getName(), f.getName());
        }
        return layout.leaves;
    }

    private void walk(Field f, Type t, int ordinal, int parentDef, int parentRep, List<PathNode> chain,
                      List<String> parquetPath, String statisticsPath, String fieldPath) throws ChunkFormatException {
        if (t.isRepetition(Repetition.REPEATED)) {
            throw mismatch(fieldPath, f, t);
        }
        boolean optional = t.isRepetition(Repetition.OPTIONAL);
        int def = parentDef + (optional ? 1 : 0);
        List<PathNode> nodes = new ArrayList<>(chain);
        List<String> path = new ArrayList<>(parquetPath);
        path.add(t.getName());
        LogicalTypeAnnotation logical = t.getLogicalTypeAnnotation();
        switch (f.getType().getTypeID()) {
            case Struct -> {
                if (t.isPrimitive() || logical != null || t.asGroupType().getFieldCount() != f.getChildren().size()) {
                    throw mismatch(fieldPath, f, t);
                }
                nodes.add(new PathNode(PathNode.Kind.STRUCT, optional, def, 0, 0, 0, ordinal));
                GroupType g = t.asGroupType();
                for (int i = 0; i < f.getChildren().size(); i++) {
                    Field c = f.getChildren().get(i);
                    walk(c, g.getType(i), i, def, parentRep, nodes, path, statisticsPath + "." + c.getName(),
                            fieldPath + "." + c.getName());
                }
            }
            case List, LargeList, FixedSizeList -> {
                if (t.isPrimitive() || !(logical instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation)) {
                    throw mismatch(fieldPath, f, t);
                }
                Type element = ParquetSchemaShapes.listElement(t.asGroupType(), fieldPath, chunkName);
                PathNode.Kind kind = switch (f.getType().getTypeID()) {
                    case List -> PathNode.Kind.LIST;
                    case LargeList -> PathNode.Kind.LARGE_LIST;
                    default -> PathNode.Kind.FIXED_SIZE_LIST;
                };
                int size = kind == PathNode.Kind.FIXED_SIZE_LIST ? ((ArrowType.FixedSizeList) f.getType()).getListSize() : 0;
                nodes.add(new PathNode(kind, optional, def, def + 1, parentRep + 1, size, ordinal));
                path.add(t.asGroupType().getType(0).getName());
                walk(f.getChildren().get(0), element, 0, def + 1, parentRep + 1, nodes, path, statisticsPath,
                        fieldPath + "[]");
            }
            case Map -> {
                if (t.isPrimitive() || !(logical instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
                        || logical == LogicalTypeAnnotation.MapKeyValueTypeAnnotation.getInstance())) {
                    throw mismatch(fieldPath, f, t);
                }
                GroupType keyValue = ParquetSchemaShapes.mapKeyValue(t.asGroupType(), fieldPath, chunkName);
                nodes.add(new PathNode(PathNode.Kind.LIST, optional, def, def + 1, parentRep + 1, 0, ordinal));
                // the map's entries struct is the repeated key_value group itself: it adds no level
                nodes.add(new PathNode(PathNode.Kind.STRUCT, false, def + 1, 0, 0, 0, 0));
                path.add(keyValue.getName());
                Field entries = f.getChildren().get(0);
                for (int i = 0; i < 2; i++) {
                    Field c = entries.getChildren().get(i);
                    walk(c, keyValue.getType(i), i, def + 1, parentRep + 1, nodes, path,
                            statisticsPath + "." + c.getName(), fieldPath + "." + c.getName());
                }
            }
            default -> {
                if (!t.isPrimitive()) {
                    throw mismatch(fieldPath, f, t);
                }
                nodes.add(new PathNode(PathNode.Kind.LEAF, optional, def, 0, 0, 0, ordinal));
                ColumnDescriptor descriptor = parquet.getColumnDescription(path.toArray(new String[0]));
                if (descriptor.getMaxDefinitionLevel() != def || descriptor.getMaxRepetitionLevel() != parentRep) {
                    throw new IllegalStateException("levels of " + fieldPath + " computed as " + def + "/" + parentRep
                            + " but Parquet says " + descriptor);
                }
                leaves.add(new LeafColumn(nodes.toArray(new PathNode[0]), descriptor, f, t.asPrimitiveType(),
                        statisticsPath, fieldPath));
            }
        }
    }

    private ChunkFormatException mismatch(String fieldPath, Field f, Type t) {
        return new ChunkFormatException(chunkName, "Arrow field '" + fieldPath + "' of type " + f.getType()
                + " does not match its Parquet column " + t);
    }
}
